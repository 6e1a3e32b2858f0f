import { newPasswordTexts } from "~/lib/texts/new-password";

/** What a new password must be, shown beside each form that sets one (1§5 New password). */
export function PasswordRules() {
  return (
    <div className="text-muted">
      <p>{newPasswordTexts.rulesIntro}</p>
      <ul className="list-disc pl-6">
        {newPasswordTexts.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
