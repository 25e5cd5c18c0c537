"use client";

/**
 * Wallet address setup: network, then where the coins go — an exchange (from GET /api/exchanges, the list the
 * server validates with) or a personal wallet (개인 지갑) the member first proves with a signature
 * (./personal-wallet-proof.tsx) — and the address, saved once as NETWORK|EXCHANGE|ADDRESS or NETWORK|PERSONAL|ADDRESS.
 * A registered address is shown read-only, a personal one with its verified mark; changing it takes an
 * administrator reset. Registering starts the 24-hour money cool-down (lib/money-cooldown.ts): the form says so,
 * and the withdraw status is read again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { PERSONAL_EXCHANGE } from "@/lib/exchanges";
import { refreshQueries } from "@/lib/client/refresh";
import type { PersonalWallet } from "@/lib/wallet/personal-wallets";
import { useErrorText } from "./error-text";
import { useMember } from "./member-context";
import { enc, keys, useProfile } from "./queries";

const PersonalWalletProof = lazy(() =>
  import("./personal-wallet-proof").then((m) => ({ default: m.PersonalWalletProof })),
);
const VerifiedMark = lazy(() => import("./personal-wallet-proof").then((m) => ({ default: m.VerifiedMark })));

const NETWORKS = ["ERC20", "OP", "WORLDCHAIN"] as const;
type Network = (typeof NETWORKS)[number];
type Destination = "exchange" | "personal";

const selectClass = "rounded-xl border border-gray-300 bg-white px-4 py-3 text-base";
const toggleClass = (on: boolean) =>
  `min-h-11 flex-1 rounded-lg px-3 text-sm font-medium ${on ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-900"}`;

const personalWalletsKey = (userId: string) => ["personal-wallets", userId] as const;

export function WalletAddressModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Settings.wallet");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const profile = useProfile();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [network, setNetwork] = useState<Network | "">("");
  const [destination, setDestination] = useState<Destination>("exchange");
  const [exchange, setExchange] = useState("");
  const [address, setAddress] = useState("");
  /** The personal address the member proved in this form (lower-case); it counts only while the field still says it. */
  const [provenAddress, setProvenAddress] = useState("");
  // SECURITY B16: setting the address is a sensitive change; the server checks the current password.
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);

  const registered = profile.data?.walletAddr;
  const [rNet, rEx, rAddr] = (registered ?? "").split("|");
  const registeredPersonal = rEx === PERSONAL_EXCHANGE;
  const personal = destination === "personal";
  const proven = personal && provenAddress !== "" && provenAddress === address.trim().toLowerCase();

  const exchanges = useQuery({
    queryKey: ["exchanges"],
    queryFn: () => api<Record<Network, string[]>>("/api/exchanges"),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const personalWallets = useQuery({
    queryKey: personalWalletsKey(userId),
    queryFn: () => api<{ items: PersonalWallet[] }>(`/api/users/${enc(userId)}/personal-wallets`),
    enabled: open && registeredPersonal,
  });

  const save = useMutation({
    mutationFn: () =>
      api(`/api/users/by-id/${enc(userId)}/walletAddr`, {
        method: "POST",
        body: {
          walletAddr: `${network}|${personal ? PERSONAL_EXCHANGE : exchange}|${address.trim()}`,
          currentPassword: password,
        },
      }),
    onSuccess: () => {
      setPassword("");
      toast(t("saved"), { kind: "success", durationMs: 2000 });
      refreshQueries(qc, { queryKey: keys.profile(userId) });
      refreshQueries(qc, { queryKey: personalWalletsKey(userId) });
      refreshQueries(qc, { queryKey: ["withdraw-status", userId] }); // the cool-down it started
      onClose();
    },
  });

  const options = network ? (exchanges.data?.[network] ?? []) : [];
  const registeredVerified = Boolean(
    personalWallets.data?.items.some((w) => w.address === (rAddr ?? "").toLowerCase()),
  );

  return (
    <Modal open={open} onClose={onClose} title={t("title")} closeLabel={tc("close")}>
      {profile.isPending ? (
        <div className="skeleton h-24 w-full" />
      ) : registered ? (
        <div className="flex flex-col gap-3">
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl bg-gray-50 p-3 text-sm"
            data-testid="registered-wallet"
          >
            <dt className="text-gray-500">{t("network")}</dt>
            <dd className="text-right">{rNet && t.has(`networks.${rNet}`) ? t(`networks.${rNet}`) : rNet}</dd>
            <dt className="text-gray-500">{registeredPersonal ? t("destination") : t("exchange")}</dt>
            <dd className="text-right">{registeredPersonal ? t("personal.name") : rEx}</dd>
            <dt className="text-gray-500">{t("address")}</dt>
            <dd className="break-all text-right font-mono text-xs">{rAddr}</dd>
            {registeredPersonal && personalWallets.isSuccess && (
              <dd className="col-span-2 text-right">
                <Suspense fallback={null}>
                  <VerifiedMark verified={registeredVerified} />
                </Suspense>
              </dd>
            )}
          </dl>
          <p className="text-sm text-gray-600">{t("onceNote")}</p>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const ready = personal ? proven : Boolean(exchange);
            if (!network || !ready || !address.trim() || !password) {
              setMissing(true);
              return;
            }
            setMissing(false);
            save.mutate();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
            {t("network")}
            <select
              className={selectClass}
              value={network}
              onChange={(e) => {
                setNetwork(e.target.value as Network);
                setExchange("");
              }}
            >
              <option value="">{t("choose")}</option>
              {NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {t(`networks.${n}`)}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium text-gray-700">{t("destination")}</legend>
            <div className="flex gap-2">
              {(["exchange", "personal"] as const).map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={destination === d}
                  className={toggleClass(destination === d)}
                  onClick={() => {
                    setDestination(d);
                    setMissing(false);
                  }}
                >
                  {t(`destinations.${d}`)}
                </button>
              ))}
            </div>
          </fieldset>
          {!personal && (
            <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
              {t("exchange")}
              <select
                className={selectClass}
                value={exchange}
                onChange={(e) => setExchange(e.target.value)}
                disabled={!network || exchanges.isPending}
              >
                <option value="">{exchanges.isError ? tc("errors.loadFailed") : t("choose")}</option>
                {options.map((x) => (
                  <option key={x} value={x}>
                    {x}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Input
            label={t("address")}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
          />
          {personal && (
            <Suspense fallback={<div className="skeleton h-24 w-full" />}>
              {proven ? (
                <p className="text-right" role="status">
                  <VerifiedMark verified />
                </p>
              ) : (
                <PersonalWalletProof network={network} address={address} onVerified={setProvenAddress} />
              )}
            </Suspense>
          )}
          <PasswordInput label={t("currentPassword")} value={password} onValueChange={setPassword} />
          {missing && <FormAlert>{personal ? t("personal.required") : t("required")}</FormAlert>}
          {save.isError && <FormAlert>{errorText(save.error, "registrationFailed")}</FormAlert>}
          <p className="text-xs text-gray-500">
            {t("onceNote")} {t("cooldownNote")}
          </p>
          <Button type="submit" size="lg" loading={save.isPending}>
            {t("save")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
