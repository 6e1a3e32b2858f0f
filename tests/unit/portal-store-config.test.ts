import { describe, expect, it } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { redactServerUrl } from "@contract/redact";

/** The portal store's settings (issue 31, decisions/270): DATABASE_URL, PORTAL_DATA_DIR, ACCESS_RECORD_RETENTION_DAYS. */

const message = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return "accepted";
};

describe("the portal store's configuration", () => {
  it("takes a postgres:// or postgresql:// DATABASE_URL, and none by default", () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "postgres://portal:pw@db.internal:5432/portal" }).DATABASE_URL).toBe("postgres://portal:pw@db.internal:5432/portal");
    expect(loadConfig({ DATABASE_URL: "postgresql://db.internal/portal?sslmode=require" }).DATABASE_URL).toBe("postgresql://db.internal/portal?sslmode=require");
  });

  it.each(["mysql://portal:Hidden-Pass-1@db/portal", "db.internal:5432", "postgres://", "http://portal:Hidden-Pass-1@db/portal"])("refuses %s naming DATABASE_URL, never quoting it", (url) => {
    const text = message({ DATABASE_URL: url });
    expect(text).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(text).not.toContain("Hidden-Pass-1");
  });

  it("keeps the embedded store in .data/portal-store unless PORTAL_DATA_DIR names another folder or memory://", () => {
    expect(loadConfig({}).PORTAL_DATA_DIR).toBe(".data/portal-store");
    expect(loadConfig({ PORTAL_DATA_DIR: "" }).PORTAL_DATA_DIR).toBe(".data/portal-store");
    expect(loadConfig({ PORTAL_DATA_DIR: "memory://" }).PORTAL_DATA_DIR).toBe("memory://");
    expect(loadConfig({ PORTAL_DATA_DIR: "/var/lib/portal" }).PORTAL_DATA_DIR).toBe("/var/lib/portal");
  });

  it("keeps access entries ten years unless ACCESS_RECORD_RETENTION_DAYS says otherwise (at least a day)", () => {
    expect(loadConfig({}).ACCESS_RECORD_RETENTION_DAYS).toBe(3_650);
    expect(loadConfig({ ACCESS_RECORD_RETENTION_DAYS: "400" }).ACCESS_RECORD_RETENTION_DAYS).toBe(400);
    expect(message({ ACCESS_RECORD_RETENTION_DAYS: "0" })).toContain("ACCESS_RECORD_RETENTION_DAYS");
    expect(message({ ACCESS_RECORD_RETENTION_DAYS: "ten years" })).toContain("ACCESS_RECORD_RETENTION_DAYS");
  });

  it("keeps a device not seen since for about 13 months unless DEVICE_RETENTION_DAYS says otherwise (decisions/311)", () => {
    expect(loadConfig({}).DEVICE_RETENTION_DAYS).toBe(395);
    expect(loadConfig({ DEVICE_RETENTION_DAYS: "30" }).DEVICE_RETENTION_DAYS).toBe(30);
    expect(message({ DEVICE_RETENTION_DAYS: "0" })).toContain("DEVICE_RETENTION_DAYS");
    expect(message({ DEVICE_RETENTION_DAYS: "a year" })).toContain("DEVICE_RETENTION_DAYS");
  });

  it("hides a database password in messages", () => {
    expect(redactServerUrl("postgres://portal:Hidden-Pass-1@db.internal:5432/portal")).toBe("postgres://portal:***@db.internal:5432/portal");
    expect(redactServerUrl("postgres://db.internal/portal")).toBe("postgres://db.internal/portal");
  });
});
