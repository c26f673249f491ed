/**
 * Whether the person may answer the decision on screen: their role holds `decision.answer`, and
 * the workspace's "who may answer" lets them answer this one (issue 41 item 2). The detail pane
 * provides the second; the ask controls read both, so the web offers no control the API refuses.
 */
import { createContext, useContext } from 'react';
import { useMay } from '../../shared/session';

export const AssignmentAllows = createContext(true);

export function useMayAnswerHere(): boolean {
  const role = useMay('decision.answer');
  return useContext(AssignmentAllows) && role;
}
