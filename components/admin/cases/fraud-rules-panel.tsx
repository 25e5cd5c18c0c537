"use client";

/**
 * The fraud rules' parameters (one table, lib/fraud/params.ts), shown under /admin/cases to whoever holds
 * fraud-rules.manage: each rule on or off and its numbers, saved one rule at a time (PATCH
 * /api/admin/fraud-rules/{key}, audited by the server; a bad value answers 400 naming the field).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useErrorText } from "@/components/admin/kit/dialog";
import { Checkbox, Field } from "@/components/admin/kit/fields";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { api } from "@/lib/client/api";
import type { FraudRuleDto } from "@/lib/fraud/dto";
import { kstDateTime } from "@/components/admin/kit/format";

/** Parameters that are whole numbers (the others are decimal strings; an empty threshold is null: off). */
const WHOLE = new Set(["windowHours", "windowMinutes", "count"]);

function RuleForm({ rule }: { rule: FraudRuleDto }) {
  const t = useTranslations("Cases");
  const toast = useToast();
  const qc = useQueryClient();
  const errorText = useErrorText();
  const [enabled, setEnabled] = useState(rule.enabled);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setEnabled(rule.enabled);
    setValues(Object.fromEntries(Object.entries(rule.params).map(([k, v]) => [k, v === null ? "" : String(v)])));
  }, [rule]);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      const params = Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, WHOLE.has(k) ? Number(v) : v.trim() === "" ? null : v.trim()]),
      );
      await api(`/api/admin/fraud-rules/${rule.key}`, { method: "PATCH", body: { enabled, params } });
      toast(t("rules.saved"), { kind: "success" });
      await qc.invalidateQueries({ queryKey: ["admin-ops", "fraud-rules"] });
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={save}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4"
      data-testid={`rule-${rule.key}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t(`rule.${rule.key}`)}</h3>
        <Checkbox label={t("rules.enabled")} checked={enabled} onChange={setEnabled} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {Object.keys(values).map((k) => (
          <Field
            key={k}
            label={t.has(`rules.param.${k}`) ? t(`rules.param.${k}`) : k}
            value={values[k] ?? ""}
            inputMode={WHOLE.has(k) ? "numeric" : "decimal"}
            onChange={(v) => setValues((old) => ({ ...old, [k]: v }))}
          />
        ))}
      </div>
      {rule.key === "new_device_new_address" && <p className="text-xs text-gray-600">{t("rules.emptyMeansOff")}</p>}
      {problem && (
        <p role="alert" className="text-sm text-rose-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-gray-600">
          {t("rules.updated", { at: kstDateTime(rule.updatedAt), by: rule.updatedBy ?? "—" })}
        </span>
        <Button type="submit" size="sm" loading={busy}>
          {t("rules.save")}
        </Button>
      </div>
    </form>
  );
}

export function FraudRulesPanel() {
  const t = useTranslations("Cases");
  const q = useQuery({
    queryKey: ["admin-ops", "fraud-rules"],
    queryFn: () => api<{ items: FraudRuleDto[] }>("/api/admin/fraud-rules"),
  });
  return (
    <section className="flex flex-col gap-3" aria-labelledby="fraud-rules-title">
      <h2 id="fraud-rules-title" className="text-lg font-bold">
        {t("rules.title")}
      </h2>
      {q.data?.items.map((r) => (
        <RuleForm key={r.key} rule={r} />
      ))}
    </section>
  );
}
