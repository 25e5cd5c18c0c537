"use client";

/** The coin of a request: WLD, the one coin members buy and send. */
export function CoinSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (coin: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-gray-700">
      {label}
      <select
        className="min-h-11 rounded-xl border border-gray-300 bg-white px-4 py-3 text-base"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="WLD">WLD</option>
      </select>
    </label>
  );
}
