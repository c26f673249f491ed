/**
 * Whether the person may answer an ask on screen: their role holds `decision.answer`, and the
 * workspace's "who may answer" lets them answer this one (issue 41 item 2) — the ask's own
 * assignee where it has one, else the decision's. The detail pane provides the decision's
 * assignment; the ask controls read it, so the web offers no control the API refuses.
 */
import { createContext, useContext } from 'react';
import type { Assignment } from '../../../../domain/assignment';
import { useMay } from '../../shared/session';

/** The decision on screen's assignment; null where none is known (every ask answerable by role alone). */
export const AssignmentShown = createContext<Assignment | null>(null);

export function mayAnswerAsk(assignment: Assignment | null, position: number): boolean {
  if (!assignment) return true;
  return assignment.asks[String(position)]?.mayAnswer ?? assignment.mayAnswer;
}

export function useMayAnswerHere(position: number): boolean {
  const role = useMay('decision.answer');
  return mayAnswerAsk(useContext(AssignmentShown), position) && role;
}
