/** The page's Content-Security-Policy: scripts and style elements only from the portal or with the nonce; style attributes allowed for radix-ui and visx (decisions/009, 053). */
export function contentSecurityPolicy(nonce: string, options: { stripe: boolean } = { stripe: false }): string {
  // Stripe's script, its card frames and its API, only when a Stripe key is configured (decisions/032).
  const stripe = options.stripe;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe ? " https://js.stripe.com" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    // Attributes only (CSP3): they cannot load anything nor select what to read, as a <style> can.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    // The pdf.js worker of the invoice viewer is served by the portal (/assets); pdf.js may also start it from a blob.
    // The portal's service worker is /sw.js (decisions/404): 'self' too.
    "worker-src 'self' blob:",
    // The web app manifest, /manifest.webmanifest (decisions/404).
    "manifest-src 'self'",
    ...(stripe ? ["frame-src https://js.stripe.com https://hooks.stripe.com"] : []),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
