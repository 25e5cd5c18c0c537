"use client";

/**
 * Wallet address setup: network, exchange (from GET /api/exchanges, the list the server
 * validates with) and address, saved once as NETWORK|EXCHANGE|ADDRESS. A registered address is
 * shown read-only; changing it takes an administrator reset. Registering starts the 24-hour money
 * cool-down (lib/wallet/cooldown.ts): the form says so, and the withdraw status is read again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Input } from "@/components/ui/input";
import { Modal } from "@/components/ui/modal";
import { PasswordInput } from "@/components/ui/password-input";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import { useMember } from "./member-context";
import { enc, keys, useProfile } from "./queries";
import { useErrorText } from "./error-text";
import { refreshQueries } from "@/lib/client/refresh";

const NETWORKS = ["ERC20", "OP", "WORLDCHAIN"] as const;
type Network = (typeof NETWORKS)[number];

const selectClass = "rounded-xl border border-gray-300 bg-white px-4 py-3 text-base";

export function WalletAddressModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("Settings.wallet");
  const tc = useTranslations("Common");
  const { userId } = useMember();
  const profile = useProfile();
  const errorText = useErrorText();
  const toast = useToast();
  const qc = useQueryClient();
  const [network, setNetwork] = useState<Network | "">("");
  const [exchange, setExchange] = useState("");
  const [address, setAddress] = useState("");
  // SECURITY B16: setting the address is a sensitive change; the server checks the current password.
  const [password, setPassword] = useState("");
  const [missing, setMissing] = useState(false);

  const exchanges = useQuery({
    queryKey: ["exchanges"],
    queryFn: () => api<Record<Network, string[]>>("/api/exchanges"),
    enabled: open,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const save = useMutation({
    mutationFn: () =>
      api(`/api/users/by-id/${enc(userId)}/walletAddr`, {
        method: "POST",
        body: { walletAddr: `${network}|${exchange}|${address.trim()}`, currentPassword: password },
      }),
    onSuccess: () => {
      setPassword("");
      toast(t("saved"), { kind: "success", durationMs: 2000 });
      refreshQueries(qc, { queryKey: keys.profile(userId) });
      refreshQueries(qc, { queryKey: ["withdraw-status", userId] }); // the cool-down it started
      onClose();
    },
  });

  const registered = profile.data?.walletAddr;
  const [rNet, rEx, rAddr] = (registered ?? "").split("|");
  const options = network ? (exchanges.data?.[network] ?? []) : [];

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
            <dt className="text-gray-500">{t("exchange")}</dt>
            <dd className="text-right">{rEx}</dd>
            <dt className="text-gray-500">{t("address")}</dt>
            <dd className="break-all text-right font-mono text-xs">{rAddr}</dd>
          </dl>
          <p className="text-sm text-gray-600">{t("onceNote")}</p>
        </div>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!network || !exchange || !address.trim() || !password) {
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
          <Input
            label={t("address")}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            placeholder="0x…"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
          />
          <PasswordInput label={t("currentPassword")} value={password} onValueChange={setPassword} />
          {missing && <FormAlert>{t("required")}</FormAlert>}
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
