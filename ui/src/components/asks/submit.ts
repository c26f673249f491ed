/** How an ask control hands its answer to the detail pane, which posts it. */
export type Submit = (answer: Record<string, unknown>, reason?: string) => void;
