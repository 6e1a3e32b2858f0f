/** Asked when a page with the health card is first drawn (issue 71, decisions/405): no import, so that it costs the first load nothing. */

/** Whether this browser offers WebAuthn's PRF extension (where it cannot say, it is taken not to). */
export async function browserHasPrf(): Promise<boolean> {
  if (typeof PublicKeyCredential === "undefined") return false;
  const capabilities = (PublicKeyCredential as unknown as { getClientCapabilities?: () => Promise<Record<string, boolean | undefined>> }).getClientCapabilities;
  if (!capabilities) return false;
  try {
    return (await capabilities.call(PublicKeyCredential))["extension:prf"] === true;
  } catch {
    return false;
  }
}
