/**
 * Fills the ${WLD_…} placeholders of the configuration files in deploy/ (nginx.conf, pgbouncer.ini): the launcher
 * runs the very files an operator would install, not a second copy. Only ${WLD_NAME} is replaced — nginx's own
 * $variables stay — and a placeholder left without a value is an error, not an empty string.
 */
import fs from "node:fs";

export function renderTemplate(text: string, values: Record<string, string>): string {
  const out = text.replace(/\$\{(WLD_[A-Z0-9_]+)\}/g, (whole, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for ${whole}`);
    return v;
  });
  return out;
}

/** Renders `template` into `target` (mode 0600 when it holds a secret). */
export function renderFile(template: string, target: string, values: Record<string, string>, mode = 0o644): void {
  fs.writeFileSync(target, renderTemplate(fs.readFileSync(template, "utf8"), values), { mode });
}
