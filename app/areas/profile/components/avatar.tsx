import { profileTexts } from "../texts";
import type { ProfileView } from "../view";

// Three colours, one per gender (1§9 "avatar colours cycle through three colours"); each passes 4.5:1 on white.
const COLOURS = { female: "#7c2855", male: "#005eb8", other: "#007f3b" } as const;

/** A gender-specific silhouette. Decorative: the name and gender are written beside it. */
export function Avatar({ gender }: { gender: ProfileView["gender"] }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" className="size-20 shrink-0 rounded-full" style={{ background: COLOURS[gender] }}>
      <circle cx="32" cy="24" r="11" fill="white" />
      {gender === "female" ? (
        <path d="M14 58c0-12 8-20 18-20s18 8 18 20z M19 28c0-12 5-19 13-19s13 7 13 19c-3-4-7-6-13-6s-10 2-13 6z" fill="white" />
      ) : gender === "male" ? (
        <path d="M12 58c0-12 9-20 20-20s20 8 20 20z" fill="white" />
      ) : (
        <path d="M14 58c0-11 8-19 18-19s18 8 18 19z" fill="white" />
      )}
    </svg>
  );
}

/** The patient's photo when the practice holds one (1§7 LoadImage), else the gendered avatar. */
export function ProfilePicture({ photo, gender, name }: { photo: string | null; gender: ProfileView["gender"]; name: string }) {
  if (!photo) return <Avatar gender={gender} />;
  return <img src={photo} alt={profileTexts.photoOf(name)} width={80} height={80} className="size-20 shrink-0 rounded-full object-cover" />;
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 animate-spin">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="42 14" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}
