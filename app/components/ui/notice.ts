import { useCallback, useRef, useState, type ReactNode } from "react";

/** What a passing notice says (1§8, 2§8). */
export interface NoticeWords {
  tone: "success" | "error";
  title: string;
  detail?: ReactNode;
}

/** A notice as told: each one has an `id` of its own, so words the same as those still open are announced again. */
export interface ToldNotice extends NoticeWords {
  id: number;
}

/**
 * A screen's passing notice: `tell` shows one, `dismiss` closes it. Kept apart from toast.tsx (radix)
 * so a page holds its notice without its first load carrying the toast's code (decisions/070).
 */
export function useNotice() {
  const told = useRef(0);
  const [notice, setNotice] = useState<ToldNotice | null>(null);
  const tell = useCallback((words: NoticeWords) => {
    told.current += 1;
    setNotice({ ...words, id: told.current });
  }, []);
  const dismiss = useCallback(() => setNotice(null), []);
  return { notice, tell, dismiss };
}
