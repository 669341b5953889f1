// A software WebAuthn authenticator for API tests: an ES256 key made with node:crypto, attestation
// 'none', the CBOR encoded by @simplewebauthn's own helper. It answers registration and
// authentication options as a browser's navigator.credentials would (as @simplewebauthn/browser
// serialises them), so the server's verification runs for real. Browsers are proved separately
// with Chromium's virtual authenticator.
import crypto from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => crypto.createHash("sha256").update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export class SoftAuthenticator {
  readonly credentialId = crypto.randomBytes(32);
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {}

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]);
    return isoCBOR.encode(key);
  }

  /** navigator.credentials.create() for these registration options. */
  register(options: { challenge: string }, overrides: { origin?: string; challenge?: string } = {}) {
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: "webauthn.create",
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      u32(this.counter),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(this.coseKey()),
    ]);
    const attestation = new Map<string, Parameters<typeof isoCBOR.encode>[0]>();
    attestation.set("fmt", "none");
    attestation.set("attStmt", new Map<string, never>());
    attestation.set("authData", new Uint8Array(authData));
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: "public-key" as const,
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get() for these authentication options (the signature counter moves on). */
  authenticate(options: { challenge: string }, overrides: { signWith?: crypto.KeyObject } = {}) {
    this.counter += 1;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), u32(this.counter)]);
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), overrides.signWith ?? this.keys.privateKey);
    return {
      id: b64(this.credentialId),
      rawId: b64(this.credentialId),
      type: "public-key" as const,
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature) },
      clientExtensionResults: {},
    };
  }
}
