import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { messagingSettingsOf } from "~/areas/messaging/page.server";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { bookingSettingsOf } from "~/areas/appointments/booking";
import { repeatSettingsOf } from "~/areas/medications/view";
import { useMockServer } from "../helpers/mock-world";

/**
 * The practice's yes/no answers read as 1§3 and 1§7 say (issue 33, decisions/240), against the mock
 * over HTTP with its `answer` fault: the practice's own settings, restated in other words.
 */
const mock = useMockServer();

/** The world's settings with some values changed, as the practice's LoadPracticeSetting answer. */
async function settingsAnswering(changes: Record<string, string>) {
  const world = await mock.createWorld({ seed: 40 });
  const s = await world.signIn("solo");
  const res = await fetch(new URL(`${endpoints.practiceSettings.path}?PatientID=${s.id}&PortalSettingTypeID=1`, s.apiBase), { headers: { Token: s.token } });
  const list = (await res.json()) as { id: string; value: string | null }[];
  const answer = list.map((item) => (item.id in changes ? { ...item, value: changes[item.id] } : item));
  await world.fault({ path: endpoints.practiceSettings.path, answer, times: 1 });
  const settings = await getPracticeSettings(s.api, s.id);
  // The portal's call, after the test's own read of the settings.
  const entry = (await world.requests({ path: endpoints.practiceSettings.path })).at(-1)!;
  return { settings, entry };
}

describe("practice settings: \"1\" means true, and so do \"true\" and \"yes\" in any case (1§3)", () => {
  it.each([["True"], ["true"], ["YES"], [" 1 "]])("%j turns on messaging, urgent repeat requests, the pick-up choice and the booking switches", async (yes) => {
    const { settings, entry } = await settingsAnswering({
      PortalEnableCompose: yes,
      PortalEnableReply: yes,
      IsRxUrgent: yes,
      ShowPickupTypeInRepeatRx: "0",
      IsShowPickupTypeinRepeatRx: yes,
      IsPickupPharmacyMandatory: yes,
      DisableAppointment: yes,
      IsShowBookAppointmentOptions: yes,
    });
    expect(entry.fault).toMatch(/^carried out, answered /);
    expect(messagingSettingsOf(settings)).toEqual({ compose: true, reply: true });
    expect(repeatSettingsOf(settings)).toMatchObject({ urgent: true, showDeliveryChoice: true, defaultDelivery: "pharmacy" });
    expect(bookingSettingsOf(settings)).toMatchObject({ disabled: true, showConsultOptions: true });
  });

  it.each([["False"], ["no"], ["0"]])("%j turns them off, and same-day booking too", async (no) => {
    const { settings } = await settingsAnswering({
      PortalEnableCompose: no,
      PortalEnableReply: no,
      IsRxUrgent: no,
      ShowPickupTypeInRepeatRx: no,
      IsShowPickupTypeinRepeatRx: no,
      IsAllowSameDayBooking: no,
      DisableAppointment: no,
    });
    expect(messagingSettingsOf(settings)).toEqual({ compose: false, reply: false });
    expect(repeatSettingsOf(settings)).toMatchObject({ urgent: false, showDeliveryChoice: false });
    expect(bookingSettingsOf(settings)).toMatchObject({ disabled: false, sameDayAllowed: false });
  });

  it("empty leaves each as the portal has it when the practice says nothing: writing on, same-day booking allowed, the rest off", async () => {
    const { settings } = await settingsAnswering({ PortalEnableCompose: "", PortalEnableReply: "", IsRxUrgent: "", IsAllowSameDayBooking: "", DisableAppointment: "" });
    expect(messagingSettingsOf(settings)).toEqual({ compose: true, reply: true });
    expect(repeatSettingsOf(settings)).toMatchObject({ urgent: false });
    expect(bookingSettingsOf(settings)).toMatchObject({ disabled: false, sameDayAllowed: true });
  });
});
