import { describe, expect, it } from "vitest";
import { BookStepSchema, QUESTIONS, SYMPTOMS, bookingFailureText, bookingSettingsOf, distinctNames, nextSearchStart, periodOf, questionnaireComplete, reasonLines, reasonWithAnswers, type Questionnaire } from "~/areas/appointments/booking";
import { bookingTexts } from "~/areas/appointments/booking-texts";
import { practiceWords } from "~/areas/appointments/practice-words";
import { CATALOGUE } from "~/lib/te-reo";
import { appointmentsTexts } from "~/areas/appointments/texts";

const t = appointmentsTexts;
const TODAY = "2026-03-03";
const question = (id: string) => QUESTIONS.find((q) => q.id === id)!.practiceText;

/* The booking's pure rules (app/areas/appointments/booking.ts); each was found unguarded by mutation testing (issue 57). */
describe("booking rules: the practice's settings (2§3)", () => {
  it("a practice that sets nothing gets booking online, same day allowed, the COVID screen, and no reasons, options, lock-down bypass or texts", () => {
    expect(bookingSettingsOf({})).toEqual({
      disabled: false,
      covidScreening: true,
      sameDayAllowed: true,
      showReasonsForContact: false,
      reasonNarrowsProviders: false,
      bypassLockDown: false,
      showConsultOptions: false,
      face2FaceMessage: "",
      terms: "",
    });
  });

  it("each setting turned on is read as its own: booking off, reasons shown, the consult options, the Face 2 Face text", () => {
    expect(
      bookingSettingsOf({
        DisableAppointment: "1",
        AppointmentShowReasonforContact: "1",
        IsShowBookAppointmentOptions: "1",
        Face2FaceConfirmationMessage: "  Please wear a mask ",
      }),
    ).toMatchObject({ disabled: true, showReasonsForContact: true, showConsultOptions: true, face2FaceMessage: "Please wear a mask", bypassLockDown: false });
  });
});

describe("booking rules: the next available day (2§9)", () => {
  it("searches on from the 60th day ahead, and wraps round only after it", () => {
    expect(nextSearchStart("2026-05-01", TODAY, true)).toBe("2026-05-02");
    expect(nextSearchStart("2026-05-02", TODAY, true)).toBe(TODAY);
  });
});

describe("booking rules: the COVID questionnaire (2§4, 2§5)", () => {
  const answered: Questionnaire["answers"] = { contact: "no", positive: "no", vaccinated: "yes" };

  it("is complete only with a symptom or No Symptoms and an answer to every question", () => {
    expect(questionnaireComplete({ symptoms: [], noSymptoms: true, answers: answered })).toBe(true);
    expect(questionnaireComplete({ symptoms: ["Cough"], noSymptoms: false, answers: answered })).toBe(true);
    expect(questionnaireComplete({ symptoms: [], noSymptoms: true, answers: { contact: "no", positive: "no" } })).toBe(false);
    expect(questionnaireComplete({ symptoms: [], noSymptoms: false, answers: answered })).toBe(false);
  });

  it("the reason is prefilled after what the patient typed with every answer that shows risk, each in words", () => {
    const risky: Questionnaire = { symptoms: ["Cough", "Fatigue"], noSymptoms: false, answers: { contact: "no", positive: "yes", vaccinated: "no" } };
    expect(reasonWithAnswers("  Sore knee  ", risky)).toBe(
      `Sore knee\nCOVID screening: Symptom: Cough; Symptom: Fatigue; ${question("positive")} Yes; ${question("vaccinated")} No`,
    );
    expect(reasonWithAnswers("", { symptoms: [], noSymptoms: true, answers: { ...answered, contact: "yes" } })).toBe(`COVID screening: ${question("contact")} Yes`);
  });

  it("the answers go to the practice in English, from a module the te reo build does not swap (decisions/403)", () => {
    expect(CATALOGUE.test("app/areas/appointments/practice-words.ts")).toBe(false);
    expect(CATALOGUE.test("app/areas/appointments/booking-texts.ts")).toBe(true);
    expect(SYMPTOMS.map((s) => s.name)).toEqual(practiceWords.symptoms);
    expect(SYMPTOMS).toHaveLength(bookingTexts.symptoms.length);
  });

  it("the prefilled reason's screening line is told apart from what the patient typed, to be marked as English (decisions/403)", () => {
    const reason = reasonWithAnswers("Sore knee\nsince Monday", { symptoms: ["Cough"], noSymptoms: false, answers: answered });
    expect(reasonLines(reason)).toEqual([
      { text: "Sore knee", practiceWords: false },
      { text: "since Monday", practiceWords: false },
      { text: "COVID screening: Symptom: Cough", practiceWords: true },
    ]);
  });

  it("with no answer showing risk the reason stays as typed", () => {
    expect(reasonWithAnswers(" Sore knee ", { symptoms: [], noSymptoms: true, answers: answered })).toBe("Sore knee");
  });

  it("the prefilled reason is never longer than a booking takes (500 characters)", () => {
    const reason = reasonWithAnswers("x".repeat(490), { symptoms: ["Cough"], noSymptoms: false, answers: answered });
    expect(reason).toHaveLength(500);
    expect(BookStepSchema.shape.reason.safeParse(reason).success).toBe(true);
  });
});

describe("booking rules: what the booking step takes, and the practice's refusals in words", () => {
  const fields = { typeId: "1", providerId: "p1", date: "2026-03-05", slotId: "s1", slotStart: "2026-03-05T09:00:00+13:00" };

  it("takes the places as the machine sends them, comma-separated, and refuses none with Choose a location", () => {
    expect(BookStepSchema.parse({ ...fields, locationIds: "1,2" }).locationIds).toEqual(["1", "2"]);
    const none = BookStepSchema.safeParse({ ...fields, locationIds: "" });
    expect(none.success).toBe(false);
    expect(none.error?.issues.map((i) => i.message)).toEqual([t.chooseLocation]);
  });

  it("a practice's refusal with no words is shown as the general failure, and its words without the spaces around them", () => {
    expect(bookingFailureText("   ")).toBe(t.bookFailed);
    expect(bookingFailureText(" Provider on leave ")).toBe("Provider on leave");
  });
});

describe("the part of the day a time is listed under (2§9)", () => {
  it("is Morning before noon and Afternoon from noon, 12:00 to 12:59 included", () => {
    expect([0, 8, 11].map(periodOf)).toEqual(["Morning", "Morning", "Morning"]);
    expect([12, 13, 17, 23].map(periodOf)).toEqual(["Afternoon", "Afternoon", "Afternoon", "Afternoon"]);
  });
});

describe("choices a patient can tell apart", () => {
  it("numbers only the names two or more options share, in the order given, keeping each option's id", () => {
    const options = [
      { id: "1", name: "Not recorded" },
      { id: "2", name: "Nurse" },
      { id: "3", name: "Not recorded" },
      { id: "4", name: "Not recorded" },
    ];
    expect(distinctNames(options)).toEqual([
      { id: "1", name: "Not recorded (1)" },
      { id: "2", name: "Nurse" },
      { id: "3", name: "Not recorded (2)" },
      { id: "4", name: "Not recorded (3)" },
    ]);
    expect(distinctNames([{ id: "1", name: "GP" }])).toEqual([{ id: "1", name: "GP" }]);
  });
});
