"use client";

/**
 * Settings → 로그인 기기: the member's live sessions (device, IP, signed in, last active in KST), the current
 * one marked `이 기기`, `이 기기 로그아웃` on each and `다른 기기 모두 로그아웃` — each confirmed in an in-app
 * alertdialog, then a toast and a refreshed list. Ending the current device is a logout: on to /login.
 */
import { useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { BackHeader } from "@/components/member/back-header";
import { useErrorText } from "@/components/member/error-text";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { useToast } from "@/components/ui/toast";
import { formatKst } from "@/lib/kst-time";
import { DeviceIcon } from "./icons";
import { type Device, useDevices, useEndDevice, useEndOtherDevices } from "./use-devices";

const MOBILE_OS = /android|ios|ipados|harmony/i;

type Confirm = { kind: "one"; device: Device } | { kind: "others"; count: number } | null;

export function DevicesScreen() {
  const t = useTranslations("Settings.devices");
  const tc = useTranslations("Common");
  const ts = useTranslations("Settings");
  const devices = useDevices();
  const endOne = useEndDevice();
  const endOthers = useEndOtherDevices();
  const toast = useToast();
  const errorText = useErrorText();
  const [confirm, setConfirm] = useState<Confirm>(null);

  const items = devices.data ?? [];
  const others = items.filter((d) => !d.current);
  const busy = endOne.isPending || endOthers.isPending;
  const nameOf = (d: Device) => d.device ?? t("unknownDevice");

  const onConfirm = () => {
    if (!confirm) return;
    const fail = (err: unknown) =>
      toast(errorText(err, "processingFailed") || t("failed"), { kind: "error", durationMs: 2000 });
    if (confirm.kind === "one") {
      endOne.mutate(confirm.device.handle, {
        onSuccess: (res) => {
          setConfirm(null);
          if (res.current) {
            window.location.assign("/login");
            return;
          }
          toast(t("loggedOutOne"), { kind: "success", durationMs: 2000 });
        },
        onError: (err) => {
          setConfirm(null);
          fail(err);
          void devices.refetch();
        },
      });
    } else {
      endOthers.mutate(undefined, {
        onSuccess: () => {
          setConfirm(null);
          toast(t("loggedOutOthers"), { kind: "success", durationMs: 2000 });
        },
        onError: (err) => {
          setConfirm(null);
          fail(err);
        },
      });
    }
  };

  return (
    <main className="flex flex-col gap-4 p-4">
      <BackHeader href="/settings" backLabel={ts("back")} title={t("title")} />
      <p className="text-sm text-gray-600">{t("intro")}</p>

      {devices.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true">
          <span className="sr-only">{tc("loading")}</span>
          {[0, 1].map((i) => (
            <div key={i} className="skeleton h-40 w-full rounded-2xl" data-testid="device-skeleton" />
          ))}
        </div>
      ) : devices.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-rose-200 bg-rose-50 p-4">
          <p className="text-sm text-rose-800">{t("loadFailed")}</p>
          <Button variant="secondary" onClick={() => void devices.refetch()}>
            {tc("retry")}
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label={t("listLabel")} className="flex flex-col gap-3">
            {items.map((d) => (
              <DeviceItem
                key={d.handle}
                device={d}
                name={nameOf(d)}
                disabled={busy}
                onLogout={() => setConfirm({ kind: "one", device: d })}
              />
            ))}
          </ul>

          {others.length === 0 ? (
            <div className="rounded-2xl bg-gray-50 p-4 text-center" data-testid="only-this-device">
              <p className="font-semibold text-gray-800">{t("onlyThis")}</p>
              <p className="mt-1 text-sm text-gray-600">{t("onlyThisHint")}</p>
            </div>
          ) : (
            <Button
              variant="danger"
              size="lg"
              disabled={busy}
              onClick={() => setConfirm({ kind: "others", count: others.length })}
            >
              {t("logoutOthers")}
            </Button>
          )}
        </>
      )}

      <Modal
        open={confirm !== null}
        onClose={() => !busy && setConfirm(null)}
        role="alertdialog"
        title={confirm?.kind === "others" ? t("confirmOthersTitle") : t("confirmOneTitle")}
        closeLabel={tc("close")}
        footer={
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" disabled={busy} onClick={() => setConfirm(null)}>
              {tc("cancel")}
            </Button>
            <Button variant="danger" className="flex-1" loading={busy} onClick={onConfirm}>
              {t("confirmLogout")}
            </Button>
          </div>
        }
      >
        <p className="text-gray-700">
          {confirm?.kind === "others"
            ? t("confirmOthersBody", { count: confirm.count })
            : confirm?.kind === "one" && confirm.device.current
              ? t("confirmCurrentBody")
              : confirm?.kind === "one"
                ? t("confirmOneBody", { device: nameOf(confirm.device) })
                : null}
        </p>
      </Modal>
    </main>
  );
}

function DeviceItem({
  device,
  name,
  disabled,
  onLogout,
}: {
  device: Device;
  name: string;
  disabled: boolean;
  onLogout: () => void;
}) {
  const t = useTranslations("Settings.devices");
  const locale = useLocale();
  const nameId = useId();
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border p-4 ${device.current ? "border-gray-900" : "border-gray-200"}`}
      data-testid="device"
      data-current={device.current ? "true" : undefined}
    >
      <div className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-full bg-gray-100 text-gray-700">
          <DeviceIcon mobile={MOBILE_OS.test(device.os ?? "")} />
        </span>
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
          <span id={nameId} className="font-semibold text-gray-900">
            {name}
          </span>
          {device.current && (
            <span className="rounded-full bg-gray-900 px-2 py-0.5 text-xs font-semibold text-white">
              {t("thisDevice")}
            </span>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-gray-600">{t("ip")}</dt>
        <dd className="text-right tabular-nums text-gray-900 [overflow-wrap:anywhere]">
          {device.ip ?? t("unknownIp")}
        </dd>
        <dt className="text-gray-600">{t("createdAt")}</dt>
        <dd className="text-right tabular-nums text-gray-900">{formatKst(device.createdAt, locale)}</dd>
        <dt className="text-gray-600">{t("lastSeenAt")}</dt>
        <dd className="text-right tabular-nums text-gray-900">{formatKst(device.lastSeenAt, locale)}</dd>
      </dl>
      <Button variant="secondary" className="min-h-11" disabled={disabled} onClick={onLogout} aria-describedby={nameId}>
        {t("logoutOne")}
      </Button>
    </li>
  );
}
