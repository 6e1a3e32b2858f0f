import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/.server/csp.server";

describe("Content-Security-Policy", () => {
  it("allows the self-served pdf.js worker and no Stripe domain without a key", () => {
    const csp = contentSecurityPolicy("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain("stripe");
  });

  it("allows the portal's own service worker and web app manifest, from the portal only (decisions/404)", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy("abc")
        .split("; ")
        .map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
    );
    expect(directives["worker-src"]).toContain("'self'");
    expect(directives["manifest-src"]).toEqual(["'self'"]);
  });

  it("takes style elements only from the portal or with the nonce; only style attributes are inline", () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy("abc")
        .split("; ")
        .map((d) => [d.split(" ")[0], d.split(" ").slice(1)]),
    );
    expect(directives["style-src"]).toEqual(["'self'", "'nonce-abc'"]);
    // No style-src-elem: elements fall back to style-src. Attributes have their own directive.
    expect(directives["style-src-elem"]).toBeUndefined();
    expect(directives["style-src-attr"]).toEqual(["'unsafe-inline'"]);
    expect(contentSecurityPolicy("abc", { stripe: true })).toContain("style-src 'self' 'nonce-abc';");
  });

  it("adds Stripe's script, API and frames only when Stripe is configured", () => {
    const csp = contentSecurityPolicy("abc", { stripe: true });
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://js.stripe.com");
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
  });
});
