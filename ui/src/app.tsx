import { useEffect, useState } from 'react';
import { api } from './http-client';
import { DecisionDocument } from './pages/decision-document';
import { Decisions } from './pages/decisions';
import { SignIn } from './pages/sign-in';

type Auth = 'checking' | 'signed-in' | 'signed-out';

export function App() {
  const [auth, setAuth] = useState<Auth>('checking');
  useEffect(() => {
    api('/auth/session').then(
      () => setAuth('signed-in'),
      () => setAuth('signed-out'),
    );
  }, []);
  if (auth === 'checking') return null;
  if (auth === 'signed-out') return <SignIn onSignedIn={() => setAuth('signed-in')} />;
  const document = /^\/decisions\/(sd-\d+)$/.exec(location.pathname);
  if (document) return <DecisionDocument id={document[1]!} />;
  return <Decisions onSignOut={() => setAuth('signed-out')} />;
}
