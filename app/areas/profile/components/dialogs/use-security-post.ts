import { useState } from "react";
import { useRevalidator } from "react-router";
import { callStep, failureMessage, type StepInput } from "~/lib/steps";
import { tidyKeptCards } from "~/lib/health-card/tidy";
import { StepSessionEndedError } from "~/lib/step-errors";
import { errorsTexts } from "~/lib/texts/errors";
import { profileTexts } from "../../texts";
import { profileSteps, type PasskeyOptionsReply, type SecurityStep, type SecurityStepReply } from "../../steps";

/** Whatever a step of Sign-in security answers, as its declaration reads it: every reply's fields, each optional. */
export type SecurityAnswerReply = Partial<SecurityStepReply & PasskeyOptionsReply>;
/** A step of Sign-in security as it came back: its reply, or the words of why it did nothing. */
export type SecurityAnswer = { step: SecurityStep; ok: true; reply: SecurityAnswerReply } | { step: SecurityStep; ok: false; message: string };

/** One Sign-in security step at a time (decisions/377); a change reads the page again before it answers, except one bringing recovery codes, shown first (decisions/386). */
export function useSecurityPost() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<SecurityAnswer | undefined>(undefined);
  const post = <N extends SecurityStep>(step: N, input: StepInput<typeof profileSteps, N>) => {
    if (busy) return;
    setBusy(true);
    setReply(undefined);
    void callStep(profileSteps, step, input)
      .then(
        async (answer) => {
          const reply: SecurityAnswerReply = answer;
          // A removed passkey ended the health cards it locked: this browser's go now (decisions/405).
          if (step === "passkey-remove") void tidyKeptCards();
          if (!reply.codes?.length) await revalidator.revalidate();
          setReply({ step, ok: true, reply });
        },
        (error: unknown) => setReply({ step, ok: false, message: error instanceof StepSessionEndedError ? profileTexts.securitySessionEnded : failureMessage(error, errorsTexts.unexpected) }),
      )
      .finally(() => setBusy(false));
  };
  return { busy, reply, post };
}
