/** The English catalogue. AW-03 §6.18 is the source of every string it shares, word for word. */
export const en = {
  app: { name: 'Cast' },
  signIn: {
    title: 'Sign in to Cast',
    tokenLabel: 'Token',
    tokenHelp: 'Paste the sign-in token that `npm start` printed, or any Cast token of yours.',
    submit: 'Sign in',
    failed: 'That token is not valid. Check it and try again.',
    signOut: 'Sign out',
  },
  queue: {
    title: 'My Decisions',
    subtitle: 'Everything waiting on you, and nothing else.',
    counts: '{{open}} open · {{blocking}} blocking',
    tabs: { open: 'Open', answered: 'Answered', archived: 'Archived' },
    blocking: 'Blocking',
    notScored: 'not scored',
    sure: '{{percent}}% sure',
    progress: '{{answered}} of {{required}}',
    loadMore: 'Load {{count}} more',
    emptyFirstRunTitle: 'No decisions yet.',
    emptyFirstRunBody:
      'When an agent hits something it should not decide alone — spending money, reaching a customer, choosing between two real directions — it stops and asks you here.',
    errorTitle: 'Could not load your decisions.',
    errorBody: 'We did not show an empty queue, because we cannot tell whether it is empty.',
    tryAgain: 'Try again',
    loading: 'Loading your decisions…',
  },
} as const;

export type Catalogue = typeof en;
