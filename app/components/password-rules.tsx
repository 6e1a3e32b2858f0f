import { messages } from "../lib/messages";

/** What a new password must be, shown beside each form that sets one (1§5 New password). */
export function PasswordRules() {
  return (
    <div className="text-muted">
      <p>{messages.newPassword.rulesIntro}</p>
      <ul className="list-disc pl-6">
        {messages.newPassword.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </div>
  );
}
