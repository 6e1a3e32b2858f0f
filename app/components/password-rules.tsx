import { newPasswordMessages } from "../lib/texts/newPassword";

/** What a new password must be, shown beside each form that sets one (1§5 New password). */
export function PasswordRules() {
  return (
    <div className="text-muted">
      <p>{newPasswordMessages.rulesIntro}</p>
      <ul className="list-disc pl-6">
        {newPasswordMessages.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
