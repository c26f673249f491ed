/** The layer boundaries of DESIGN §6 are lint rules; these prove the rules bite. */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { runtimePackages } from '../support/runtime-imports';

const eslint = new ESLint();

async function violations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => /no-restricted-imports/.test(m.ruleId ?? '')).map((m) => m.message);
}

describe('layer boundaries', () => {
  it('workflow code imports no Node modules and no activity implementations', async () => {
    expect(await violations('workflows/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toHaveLength(1);
    expect(
      await violations('workflows/x.ts', "import { createActivities } from '../activities';\nexport const a = createActivities;\n"),
    ).toHaveLength(1);
    expect(await violations('workflows/x.ts', "import type { Activities } from '../activities';\nexport type A = Activities;\n")).toEqual(
      [],
    );
    expect(
      await violations(
        'workflows/x.ts',
        "import { EditDecisionBody } from '../domain/decision-schema';\nexport const a = EditDecisionBody;\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(
        'workflows/x.ts',
        "import type { EditDecisionBody } from '../domain/decision-schema';\nexport type A = EditDecisionBody;\n",
      ),
    ).toEqual([]);
  });

  it('api/ never imports activities/', async () => {
    expect(
      await violations('api/x.ts', "import { mirrorDecision } from '../activities/mirror-decision';\nexport const a = mirrorDecision;\n"),
    ).toHaveLength(1);
  });

  it('db/ imports no api/, activities/ or workflows/; activities/ import no api/', async () => {
    expect(await violations('db/x.ts', "import { parseWith } from '../api/problem';\nexport const a = parseWith;\n")).toHaveLength(1);
    expect(
      await violations('db/x.ts', "import { mirrorDecision } from '../activities/mirror-decision';\nexport const a = mirrorDecision;\n"),
    ).toHaveLength(1);
    expect(await violations('db/x.ts', "import { DomainError } from '../domain/errors';\nexport const a = DomainError;\n")).toEqual([]);
    expect(await violations('activities/x.ts', "import { parseWith } from '../api/problem';\nexport const a = parseWith;\n")).toHaveLength(
      1,
    );
    expect(await violations('activities/x.ts', "import { createPool } from '../db/pool';\nexport const a = createPool;\n")).toEqual([]);
  });

  it('notifier/ imports no api/ and no workflow code: channels start workflows through the client', async () => {
    expect(await violations('notifier/x.ts', "import { parseWith } from '../api/problem';\nexport const a = parseWith;\n")).toHaveLength(1);
    expect(
      await violations(
        'notifier/x.ts',
        "import { DecisionMachine } from '../workflows/decision-machine';\nexport const a = DecisionMachine;\n",
      ),
    ).toHaveLength(1);
    expect(await violations('notifier/x.ts', "import { readOutbox } from '../db/outbox';\nexport const a = readOutbox;\n")).toEqual([]);
  });

  it('answer-links/ imports domain/, db/ and runtime/ only: every channel may call it (issue 40 item 5)', async () => {
    expect(
      await violations('answer-links/x.ts', "import { answerAsk } from '../api/services/answer-ask';\nexport const a = answerAsk;\n"),
    ).toHaveLength(1);
    expect(
      await violations(
        'answer-links/x.ts',
        "import { mirrorDecision } from '../activities/mirror-decision';\nexport const a = mirrorDecision;\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations('answer-links/x.ts', "import { answerLinkSecret } from '../db/answer-links';\nexport const a = answerLinkSecret;\n"),
    ).toEqual([]);
  });

  it('slack/ imports domain/, db/ and runtime/ only: the notifier and the API both speak Slack through it (issue 40 item 4)', async () => {
    expect(
      await violations('slack/x.ts', "import { answerAsk } from '../api/services/answer-ask';\nexport const a = answerAsk;\n"),
    ).toHaveLength(1);
    expect(await violations('slack/x.ts', "import { Notifier } from '../notifier/notifier';\nexport const a = Notifier;\n")).toHaveLength(
      1,
    );
    expect(await violations('slack/x.ts', "import { describeAnswer } from '../domain/ask';\nexport const a = describeAnswer;\n")).toEqual(
      [],
    );
  });

  it('client/ is fetch and domain/ only: it runs in the browser and on agent hosts', async () => {
    expect(await violations('client/x.ts', "import { createPool } from '../db/pool';\nexport const a = createPool;\n")).toHaveLength(1);
    expect(await violations('client/x.ts', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toHaveLength(1);
    expect(await violations('client/x.ts', "import { route } from '../domain/routes/route';\nexport const a = route;\n")).toEqual([]);
  });

  it("ui/ talks HTTP through its own ui/src/http/ and never reaches the server's api/", async () => {
    expect(await violations('ui/src/app.tsx', "import { createApp } from '../../api/app';\nexport const a = createApp;\n")).toHaveLength(1);
    expect(
      await violations('ui/src/features/x/x.tsx', "import { createApp } from '../../../../api/app';\nexport const a = createApp;\n"),
    ).toHaveLength(1);
    expect(
      await violations('ui/src/features/x/x.tsx', "import { readHome } from '../../http/home';\nexport const a = readHome;\n"),
    ).toEqual([]);
    expect(await violations('ui/src/x.ts', "import { call } from './http/call';\nexport const a = call;\n")).toEqual([]);
  });

  it('agents/ (the framework package) talks HTTP through client/ and shares only domain/', async () => {
    expect(
      await violations('agents/core/x.ts', "import { createPool } from '../../db/pool';\nexport const a = createPool;\n"),
    ).toHaveLength(1);
    expect(await violations('agents/core/x.ts', "import { client } from '../../cli/http';\nexport const a = client;\n")).toHaveLength(1);
    expect(
      await violations(
        'agents/core/x.ts',
        "import { request } from '../../client/request';\nimport { sessionRoutes } from '../../domain/routes/sessions';\nexport const a = [request, sessionRoutes];\n",
      ),
    ).toEqual([]);
  });

  it('domain/ is pure: zod and itself only', async () => {
    expect(await violations('domain/x.ts', "import { createPool } from '../db/pool';\nexport const a = createPool;\n")).toHaveLength(1);
    expect(await violations('domain/x.ts', "import pg from 'pg';\nexport const a = pg;\n")).toHaveLength(1);
    expect(
      await violations('domain/x.ts', "import { z } from 'zod';\nimport { Ask } from './ask-schema';\nexport const a = [z, Ask];\n"),
    ).toEqual([]);
  });

  it('the workflow bundle loads no zod: the SDK evaluates the bundle afresh for every workflow', () => {
    const reached = runtimePackages('workflows/index.ts');
    expect(reached.has('@temporalio/workflow')).toBe(true);
    // The chain names the import that pulls zod in.
    expect(reached.get('zod')).toBeUndefined();
  });
});
