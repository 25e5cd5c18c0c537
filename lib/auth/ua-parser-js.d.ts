// ua-parser-js 1.x (MIT) ships no types; the part lib/auth/device-name.ts reads.
declare module "ua-parser-js" {
  type Named = { name?: string; version?: string };
  export class UAParser {
    constructor(ua?: string);
    getBrowser(): Named & { major?: string };
    getOS(): Named;
    getDevice(): { model?: string; type?: string; vendor?: string };
  }
}
