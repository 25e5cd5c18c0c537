// subset-font ships no types; the part scripts/make-font.ts uses.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string | undefined,
    options: {
      targetFormat?: "sfnt" | "woff" | "woff2";
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}
