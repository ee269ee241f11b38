/**
 * The few Web platform globals core uses beyond ES2023, for core's own typecheck alone (tsconfig.json): WebCrypto's
 * HMAC, TextEncoder, btoa and URL (twilio-signature.ts), global alike in workerd, Node and browsers. Core compiles without
 * DOM, Workers or Node types so that nothing runtime-specific creeps in; every other program that compiles core brings
 * its runtime's full types instead (this file lies outside src/ so none of them includes it).
 */
interface CryptoKey {
  readonly type: string;
}

interface SubtleCrypto {
  importKey(
    format: "raw",
    keyData: Uint8Array,
    algorithm: { name: "HMAC"; hash: "SHA-1" | "SHA-256" },
    extractable: boolean,
    keyUsages: "sign"[],
  ): Promise<CryptoKey>;
  sign(algorithm: "HMAC", key: CryptoKey, data: Uint8Array): Promise<ArrayBuffer>;
}

declare var crypto: { readonly subtle: SubtleCrypto };

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare function btoa(data: string): string;

declare class URL {
  constructor(url: string, base?: string);
  protocol: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  readonly href: string;
}
