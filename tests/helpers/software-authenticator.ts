import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A WebAuthn authenticator in the test process (decisions/300): a P-256 key per credential, "none"
 * attestation, a signature counter, answers shaped as @simplewebauthn/browser gives them. Tests of the
 * server's checks (and of two portal processes) use it where no browser runs; the e2e tests use
 * Chromium's own virtual authenticator instead. Only what the portal's checks read is written.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString("base64url");

/** The little CBOR the attestation object needs: unsigned and negative integers, byte and text strings, maps. */
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Map) return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  return Buffer.concat([cborHead(2, value.length), Buffer.from(value)]);
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  counter: number;
  userHandle: string;
}

/** How an answer is made: by a key that verifies no user (no PIN nor fingerprint), or with an attestation that does not hold. */
export interface AnswerManner {
  userVerified?: boolean;
  brokenAttestation?: boolean;
}

export interface RegistrationOptionsLike {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

export interface RequestOptionsLike {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    /** The origin the "browser" is at: written into the client data. */
    private readonly origin: string,
  ) {}

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }), "utf8");
  }

  /**
   * navigator.credentials.create(): a new credential for the relying party, as RegistrationResponseJSON;
   * `reuse` answers with a credential this authenticator already holds (its id and key), as a copied or
   * replayed registration would.
   */
  register(options: RegistrationOptionsLike, reuse?: Credential, how: AnswerManner = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    if (reuse) return this.answerOf(rpId, options.challenge, reuse, how);
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const id = randomBytes(32);
    const credential: Credential = { id, privateKey, cose, counter: 0, userHandle: options.user.id };
    this.credentials.push(credential);
    return this.answerOf(rpId, options.challenge, credential, how);
  }

  private answerOf(rpId: string, challenge: string, { id, cose, privateKey }: Credential, how: AnswerManner) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    // Flags: user present, user verified (unless a key without a PIN), attested credential data.
    const flags = how.userVerified === false ? 0x41 : 0x45;
    const authData = Buffer.concat([createHash("sha256").update(rpId).digest(), Buffer.from([flags]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, cose]);
    const clientData = this.clientData("webauthn.create", challenge);
    // A packed self-attestation whose signature is well formed but made over other bytes: one that does not hold.
    const attestationObject = how.brokenAttestation
      ? cbor(new Map<Cbor, Cbor>([["fmt", "packed"], ["attStmt", new Map<Cbor, Cbor>([["alg", -7], ["sig", sign("sha256", Buffer.from("other bytes"), privateKey)]])], ["authData", authData]]))
      : cbor(new Map<Cbor, Cbor>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]));
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: "public-key" as const,
      response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ["internal" as const] },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /**
   * navigator.credentials.get(): signs the challenge with the first allowed credential it holds (or
   * the one named), its counter moved on by one unless `counter` says what to write.
   */
  assert(options: RequestOptionsLike, pick: { credential?: Credential; counter?: number; origin?: string } & AnswerManner = {}) {
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = pick.credential ?? this.credentials.find((c) => allowed.size === 0 || allowed.has(b64url(c.id)));
    if (!credential) throw Object.assign(new Error("No credential of this authenticator is allowed"), { name: "NotAllowedError" });
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    credential.counter = pick.counter ?? credential.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([createHash("sha256").update(rpId).digest(), Buffer.from([pick.userVerified === false ? 0x01 : 0x05]), count]);
    const clientData = pick.origin
      ? Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: pick.origin, crossOrigin: false }), "utf8")
      : this.clientData("webauthn.get", options.challenge);
    const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(clientData).digest()]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }
}
