"use client";

/**
 * The proof that a personal wallet is the member's (lib/wallet/personal-wallets.ts): get a one-time message for the
 * network and address, sign it in the wallet (EIP-191 personal_sign), paste the signature, verify. The server does
 * the checking; this only carries the message out and the signature back. Loaded only when 개인 지갑 is chosen.
 */
import { useMutation } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { api } from "@/lib/client/api";
import { formatKst } from "@/lib/kst-time";
import type { PersonalWallet, PersonalWalletChallenge } from "@/lib/wallet/personal-wallets";
import { useErrorText } from "./error-text";
import { useMember } from "./member-context";
import { enc } from "./queries";

export function PersonalWalletProof({
  network,
  address,
  onVerified,
}: {
  network: string;
  address: string;
  /** The proven address, lower-case. */
  onVerified: (address: string) => void;
}) {
  const t = useTranslations("Settings.wallet.personal");
  const locale = useLocale();
  const { userId } = useMember();
  const errorText = useErrorText();
  const [signature, setSignature] = useState("");
  const [copied, setCopied] = useState(false);
  const [missing, setMissing] = useState(false);
  const base = `/api/users/${enc(userId)}/personal-wallets`;

  const challenge = useMutation({
    mutationFn: () =>
      api<PersonalWalletChallenge>(`${base}/challenge`, { method: "POST", body: { network, address: address.trim() } }),
    onSuccess: () => {
      setSignature("");
      setCopied(false);
    },
  });
  const verify = useMutation({
    mutationFn: (nonce: string) =>
      api<PersonalWallet>(`${base}/verify`, { method: "POST", body: { nonce, signature: signature.trim() } }),
    onSuccess: (wallet) => onVerified(wallet.address),
  });
  const issued = challenge.data;

  return (
    <section className="flex flex-col gap-3 rounded-xl border border-gray-200 p-3" aria-labelledby="personal-proof">
      <h3 id="personal-proof" className="text-sm font-semibold">
        {t("proofTitle")}
      </h3>
      <p className="text-xs text-gray-600">{t("intro")}</p>
      <Button
        variant="secondary"
        loading={challenge.isPending}
        onClick={() => {
          const ready = Boolean(network && address.trim());
          setMissing(!ready);
          if (ready) challenge.mutate();
        }}
      >
        {issued ? t("newMessage") : t("getMessage")}
      </Button>
      {missing && <FormAlert>{t("addressFirst")}</FormAlert>}
      {challenge.isError && <FormAlert>{errorText(challenge.error)}</FormAlert>}
      {issued && (
        <>
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium text-gray-700">{t("messageLabel")}</p>
            {/* Not monospace: the message is Korean too, and only the UI font carries its characters. */}
            <p
              className="whitespace-pre-wrap break-all rounded-lg bg-gray-50 p-3 text-xs text-gray-900"
              data-testid="sign-message"
            >
              {issued.message}
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => {
                void navigator.clipboard?.writeText(issued.message).then(() => setCopied(true));
              }}
            >
              {copied ? t("copied") : t("copy")}
            </Button>
          </div>
          <p className="text-xs text-gray-600">
            {t("howToSign")} {t("expires", { time: formatKst(issued.expiresAt, locale, { short: true }) })}
          </p>
          <Input
            label={t("signature")}
            value={signature}
            onChange={(e) => setSignature(e.target.value)}
            onKeyDown={(e) => {
              // Enter verifies the signature rather than submitting the whole form.
              if (e.key !== "Enter") return;
              e.preventDefault();
              if (signature.trim()) verify.mutate(issued.nonce);
            }}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
          />
          {verify.isError && <FormAlert>{errorText(verify.error)}</FormAlert>}
          <Button loading={verify.isPending} disabled={!signature.trim()} onClick={() => verify.mutate(issued.nonce)}>
            {t("verify")}
          </Button>
        </>
      )}
    </section>
  );
}

/** The mark beside a personal address: proven by signature, or not (then it cannot receive). */
export function VerifiedMark({ verified }: { verified: boolean }) {
  const t = useTranslations("Settings.wallet.personal");
  return verified ? (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800"
      data-testid="personal-verified"
    >
      <span aria-hidden="true">✓</span>
      {t("verified")}
    </span>
  ) : (
    <span
      className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800"
      data-testid="personal-unverified"
    >
      {t("unverified")}
    </span>
  );
}
