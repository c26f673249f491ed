/** `cast acp --help`'s closing words: how an editor runs it, and what each answer tells the agent. */
export const acpHelp = `
An editor runs the agent through Cast (cast install zed writes this into Zed's settings.json):
  "agent_servers": { "Gemini CLI (Cast)": { "command": "cast", "args": ["acp", "--", "gemini", "--acp"] } }
With no editor, --prompt sends one prompt and prints the agent's reply:
  cast acp --prompt "fix the failing test" -- gemini --acp

Each session/request_permission becomes a card in the queue. Approve answers the agent's
allow_once option, "Approve, and always" its allow_always option and a Cast rule (the same call
is then answered by the rule, with no card), deny its reject option. With an editor attached
the editor is asked too, and the first answer wins; the other is withdrawn. session/cancel
withdraws the card. No answer Cast cannot read as an approval is ever sent as one: a withdrawn
card, or Cast unreachable with no editor, tells the agent no.

Each elicitation/create (a form, or a URL to open) becomes a card too: one ask per form field, the
answers sent back typed; a URL is shown as text, never opened by Cast. An answer that does not fit
the form, a withdrawn or archived card, or Cast unreachable is decline; session/cancel is cancel.
`;
