import { lettersTexts } from "../texts";
import { useImperativeHandle, useRef, type Ref } from "react";
import type { LetterTile } from "~/lib/letters-view";
import { Button } from "~/components/ui/button";
import { practiceLang } from "~/lib/language";

export interface LetterGridHandle {
  /** Moves the focus to a tile's View button (the first letter "more" brought). */
  focusLetter(index: number): void;
}

interface LetterGridProps {
  letters: readonly LetterTile[];
  onView(letter: LetterTile): void;
  onPrint(letter: LetterTile): void;
  ref?: Ref<LetterGridHandle>;
}

/** The grid of letter tiles (2§2): type and date, View and Print. One column on a phone. */
export function LetterGrid({ letters, onView, onPrint, ref }: LetterGridProps) {
  const views = useRef(new Map<number, HTMLButtonElement>());
  useImperativeHandle(ref, () => ({ focusLetter: (index) => views.current.get(index)?.focus() }), []);
  return (
    <ul aria-label={lettersTexts.letters} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {letters.map((letter, index) => {
        const named = `${letter.type}, ${letter.date}`;
        return (
          <li key={letter.id} className="flex flex-col gap-3 rounded border border-line bg-white p-4 shadow-sm">
            <h2 className="text-xl font-bold break-words" lang={practiceLang(letter.type)}>
              {letter.type}
            </h2>
            <p>
              <span className="text-muted">{lettersTexts.date}</span>
              {letter.isoDate ? <time dateTime={letter.isoDate}>{letter.date}</time> : letter.date}
            </p>
            {/* The practice's own name for what it is, shown as sent (decisions/396). */}
            {letter.pdf ? null : <p className="text-muted break-words">{lettersTexts.otherFormat(letter.format)}</p>}
            <div className="mt-auto flex flex-wrap gap-3">
              <Button
                ref={(button) => {
                  if (button) views.current.set(index, button);
                  else views.current.delete(index);
                }}
                onClick={() => onView(letter)}
              >
                {lettersTexts.view}
                <span className="sr-only" lang={practiceLang(letter.type)}>
                  {" "}
                  {named}
                </span>
              </Button>
              {letter.pdf ? (
                <Button variant="secondary" onClick={() => onPrint(letter)}>
                  {lettersTexts.print}
                  <span className="sr-only" lang={practiceLang(letter.type)}>
                    {" "}
                    {named}
                  </span>
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
