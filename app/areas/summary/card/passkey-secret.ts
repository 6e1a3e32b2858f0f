import { base64URLStringToBuffer, bufferToBase64URLString, type AuthenticationResponseJSON, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { fromBase64Url } from "~/lib/health-card/copy-shape";

/**
 * The passkey's secret for a health card (issue 71, decisions/405): WebAuthn's PRF extension, asked
 * with the copy's salt, gives 32 bytes the authenticator derives from the passkey and that salt. The
 * answer sent to the portal never carries them; they stay in this page's memory while it seals or opens.
 */

/** The PRF extension's result, as browsers give it. */
interface PrfResults {
  prf?: { results?: { first?: BufferSource } };
}

const secretOf = (credential: PublicKeyCredential): BufferSource | null => (credential.getClientExtensionResults() as PrfResults).prf?.results?.first ?? null;

/** The assertion as the portal checks it (its shape: app/lib/passkeys.ts), with no extension's result in it. */
function answerOf(credential: PublicKeyCredential): AuthenticationResponseJSON {
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: bufferToBase64URLString(credential.rawId),
    type: "public-key",
    response: {
      clientDataJSON: bufferToBase64URLString(response.clientDataJSON),
      authenticatorData: bufferToBase64URLString(response.authenticatorData),
      signature: bufferToBase64URLString(response.signature),
      ...(response.userHandle ? { userHandle: bufferToBase64URLString(response.userHandle) } : {}),
    },
    clientExtensionResults: {},
    ...(credential.authenticatorAttachment === "platform" || credential.authenticatorAttachment === "cross-platform" ? { authenticatorAttachment: credential.authenticatorAttachment } : {}),
  };
}

async function ask(options: CredentialRequestOptions): Promise<PublicKeyCredential> {
  const credential = await navigator.credentials.get(options);
  if (!(credential instanceof PublicKeyCredential)) throw new DOMException("No passkey answered", "NotAllowedError");
  return credential;
}

/** Keeping a card: the portal's prompt (its challenge, the holder's passkeys), with this device's PRF input. The secret is null when the passkey gave none. */
export async function secretForKeeping(options: PublicKeyCredentialRequestOptionsJSON, salt: string): Promise<{ answer: AuthenticationResponseJSON; secret: BufferSource | null }> {
  const credential = await ask({
    publicKey: {
      challenge: base64URLStringToBuffer(options.challenge),
      rpId: options.rpId,
      timeout: options.timeout,
      userVerification: "required",
      allowCredentials: (options.allowCredentials ?? []).map((c) => ({ type: "public-key", id: base64URLStringToBuffer(c.id), transports: c.transports as AuthenticatorTransport[] | undefined })),
      extensions: { prf: { eval: { first: fromBase64Url(salt) } } } as AuthenticationExtensionsClientInputs,
    },
  });
  return { answer: answerOf(credential), secret: secretOf(credential) };
}

/**
 * Opening a card, with no portal: the passkeys of the copies kept here are offered, each asked with this
 * device's PRF input. The challenge checks nothing (no server reads the answer): the seal is the check.
 */
export async function secretForOpening(credentialIds: readonly string[], salt: string): Promise<{ credentialId: string; secret: BufferSource | null }> {
  const credential = await ask({
    publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      rpId: location.hostname,
      userVerification: "required",
      allowCredentials: [...new Set(credentialIds)].map((id) => ({ type: "public-key", id: base64URLStringToBuffer(id) })),
      extensions: { prf: { eval: { first: fromBase64Url(salt) } } } as AuthenticationExtensionsClientInputs,
    },
  });
  return { credentialId: credential.id, secret: secretOf(credential) };
}
