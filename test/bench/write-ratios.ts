/**
 * Filing and answering through the API, each timed in turn with its bare Temporal call (DESIGN
 * §7): filing beside an update-with-start of a no-op workflow, answering beside a no-op Update
 * and the same Update awaiting one no-op local activity. One call every `paceMs`, so a ratio
 * compares the paths at the same moments, not how busy the machine is. Two more series say
 * where an answer's time goes (issue 39 item 14): the same answer sent through the API's own
 * Temporal gateway, without HTTP (the Update, the workflow's mirror and the reply), and an
 * authenticated request that does nothing (HTTP, the token's lookup, Express): the answer
 * through the API less the first is the API's share, the first less the no-op local activity
 * is the decision workflow's and its mirror's. And the floor of this design, timed as one call
 * each: an authenticated no-op request followed by the bare call whose Update awaits one no-op
 * local activity — the least a write can cost that crosses HTTP and mirrors inside its Update
 * (DESIGN §1's read-your-writes), before any of Cast's own work. Over the filing series and
 * the answering series, the worker's own time per workflow task and per local activity, by
 * workflow type, from Temporal's metrics: how much of the gap is the decision workflow's.
 */
import { WithStartWorkflowOperation, type Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import { decisionBody } from '../support/fixtures';
import { noopLocalUpdate, noopUpdate, type noopWorkflow } from './bench-workflows';
import type { TemporalGateway } from '../../api/temporal-gateway';
import type { HttpClient } from './http-client';
import { summarize, timeEach, timeInterleaved, type Summary } from './stats';
import { withWorkerTaskTimes, type WorkerTaskTimes } from './worker-task-times';

export type WriteRatios = {
  file: Summary;
  bareFile: Summary;
  answer: Summary;
  bare: Summary;
  local: Summary;
  /** The same answer through the API's gateway, no HTTP. */
  gateway: Summary;
  /** An authenticated request that does nothing (a 404). */
  floor: Summary;
  /** The no-op request, then an update-with-start whose Update awaits a no-op local activity. */
  designFloorFile: Summary;
  /** The no-op request, then the no-op local activity Update. */
  designFloorAnswer: Summary;
  /** The worker's own task times (Temporal's metrics) over the filing series and the answering series. */
  workerFiling: WorkerTaskTimes;
  workerAnswering: WorkerTaskTimes;
};

export async function writeRatios(
  {
    http,
    client,
    taskQueue,
    log,
    gateway,
    member,
    temporalMetrics,
  }: {
    http: HttpClient;
    client: Client;
    taskQueue: string;
    log: (line: string) => void;
    /** The API's own door into Temporal, and who answers through it. */
    gateway: TemporalGateway;
    member: { workspaceId: string; memberId: string };
    /** The core SDK's Prometheus endpoint in this process. */
    temporalMetrics: string;
  },
  count: number,
  paceMs: number,
): Promise<WriteRatios & { stop: () => Promise<void> }> {
  // As the gateway files: update-with-start, an existing run used, a closed one never restarted.
  // The floor's runs are `noopLocalWorkflow`s, for the worker's metrics to tell them apart.
  const bareFiling = (update: typeof noopUpdate = noopUpdate) =>
    client.workflow.executeUpdateWithStart(update, {
      args: [0],
      startWorkflowOperation: new WithStartWorkflowOperation<typeof noopWorkflow>(update === noopUpdate ? 'noopWorkflow' : 'noopLocalWorkflow', {
        workflowId: `bench-noop-${randomUUID()}`,
        taskQueue,
        args: [],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      }),
    });

  const nothing = async () => {
    const reply = await http.send('GET', '/api/v1/bench-nothing-here');
    if (reply.status !== 404) throw new Error(`GET /api/v1/bench-nothing-here answered ${reply.status}: ${reply.text}`);
  };
  log(`filing: ${count} decisions filed through the API, ${count} bare update-with-starts of a no-op workflow and ${count} of the design's floor…`);
  const filed: string[] = [];
  const fileDecision = async (question: string) => {
    filed.push((await http.json<{ decision: { id: string } }>('POST', '/api/v1/decisions', decisionBody(question))).decision.id);
  };
  await timeEach(20, (index) => fileDecision(`Warm-up ${index}?`));
  await timeEach(20, () => bareFiling());
  const [[filings, bareFilings, floorFilings], workerFiling] = await withWorkerTaskTimes(temporalMetrics, () =>
    timeInterleaved(count, paceMs, [
      (index) => fileDecision(`Bench ${index}?`),
      () => bareFiling(),
      async () => {
        await nothing();
        await bareFiling(noopLocalUpdate);
      },
    ]),
  );
  // Untimed: the decisions the gateway series answers.
  const viaGateway: string[] = [];
  await timeEach(count, async (index) => {
    viaGateway.push((await http.json<{ decision: { id: string } }>('POST', '/api/v1/decisions', decisionBody(`Gateway ${index}?`))).decision.id);
  });

  log(`answering: ${count} answers through the API, ${count} through its gateway, ${count} bare no-op Updates, ${count} no-op requests and ${count} of the design's floor…`);
  const answerOnce = (id: string) => http.json('POST', `/api/v1/decisions/${id}/asks/1/answer`, { answer: { kind: 'decision', selected: [2] } });
  await timeEach(20, (index) => answerOnce(filed[index]!));
  /** A long-lived baseline of `type`, started with `update` and warmed with 20 more of it. */
  const warmedBaseline = async (type: 'noopWorkflow' | 'noopLocalWorkflow', update: typeof noopUpdate) => {
    const start = new WithStartWorkflowOperation<typeof noopWorkflow>(type, {
      workflowId: `bench-${type}-${randomUUID()}`,
      taskQueue,
      args: [],
      workflowIdConflictPolicy: 'FAIL',
    });
    await client.workflow.executeUpdateWithStart(update, { args: [0], startWorkflowOperation: start });
    const handle = await start.workflowHandle();
    await timeEach(20, (index) => handle.executeUpdate(update, { args: [index] }));
    return handle;
  };
  const noopHandle = await warmedBaseline('noopWorkflow', noopUpdate);
  const localHandle = await warmedBaseline('noopLocalWorkflow', noopLocalUpdate);
  const answerByGateway = (id: string) =>
    gateway.answerAsk(id, { ask: 1, value: { kind: 'decision', selected: [2] }, reason: null, answeredBy: member.memberId, workspaceId: member.workspaceId });
  const [[answers, bareUpdates, localUpdates, gatewayAnswers, nothings, floorAnswers], workerAnswering] = await withWorkerTaskTimes(
    temporalMetrics,
    () =>
      timeInterleaved(count, paceMs, [
        (index) => answerOnce(filed[index + 20]!),
        (index) => noopHandle.executeUpdate(noopUpdate, { args: [index] }),
        (index) => localHandle.executeUpdate(noopLocalUpdate, { args: [index] }),
        (index) => answerByGateway(viaGateway[index]!),
        nothing,
        async (index) => {
          await nothing();
          await localHandle.executeUpdate(noopLocalUpdate, { args: [index] });
        },
      ]),
  );
  return {
    file: summarize(filings),
    bareFile: summarize(bareFilings),
    answer: summarize(answers),
    bare: summarize(bareUpdates),
    local: summarize(localUpdates),
    gateway: summarize(gatewayAnswers),
    floor: summarize(nothings),
    designFloorFile: summarize(floorFilings),
    designFloorAnswer: summarize(floorAnswers),
    workerFiling,
    workerAnswering,
    stop: () =>
      Promise.all([noopHandle, localHandle].map((handle) => handle.terminate('bench finished'))).then(
        () => {},
        () => {},
      ),
  };
}

/** The table's rows for them; `times` writes a summary's P50 | P95 | P99. */
export function writeRatioRows(ratios: WriteRatios, paceMs: number, times: (summary: Summary) => string): string[] {
  const { file, bareFile, answer, bare, local, gateway, floor, designFloorFile, designFloorAnswer, workerFiling, workerAnswering } = ratios;
  const met = (ok: boolean) => (ok ? 'met' : 'missed');
  return [
    `| filing a decision (HTTP → update-with-start → mirror), in turn with the two below, a call every ${paceMs} ms | ${times(file)} | | |`,
    `| bare update-with-start of a no-op workflow | ${times(bareFile)} | | |`,
    `| the design's floor for filing: a no-op request, then an update-with-start awaiting one no-op local activity | ${times(designFloorFile)} | | ${(designFloorFile.p95 / bareFile.p95).toFixed(2)}× bare |`,
    `| filing ratio (P95 filing / P95 bare) | | ${(file.p95 / bareFile.p95).toFixed(2)}× | | ≤ 1.5× | ${met(file.p95 / bareFile.p95 <= 1.5)} |`,
    ...workerRows('filing', workerFiling),
    `| answering an ask (HTTP → update → mirror), in turn with the five below, a call every ${paceMs} ms | ${times(answer)} | P95 ≤ 60 ms | ${met(answer.p95 <= 60)} |`,
    `| bare no-op Update round trip | ${times(bare)} | | |`,
    `| the same Update awaiting one no-op local activity | ${times(local)} | | ${(local.p95 / bare.p95).toFixed(2)}× bare |`,
    `| the same answer through the API's Temporal gateway, no HTTP (Update → decision workflow → mirror) | ${times(gateway)} | | ${(gateway.p95 / bare.p95).toFixed(2)}× bare |`,
    `| an authenticated request that does nothing (404: HTTP, the token's lookup, Express) | ${times(floor)} | | |`,
    `| the design's floor for answering: that request, then the Update awaiting one no-op local activity | ${times(designFloorAnswer)} | | ${(designFloorAnswer.p95 / bare.p95).toFixed(2)}× bare |`,
    `| answer ratio (P95 answer / P95 bare) | | ${(answer.p95 / bare.p95).toFixed(2)}× | | ≤ 1.5× | ${met(answer.p95 / bare.p95 <= 1.5)} |`,
    ...workerRows('answering', workerAnswering),
  ];
}

const BASELINES = [
  ['noopWorkflow', 'the bare no-op'],
  ['noopLocalWorkflow', 'the no-op awaiting one local activity'],
  ['decisionWorkflow', "Cast's decision workflow"],
] as const;

/** The worker's side of a series, by workflow type: the mean in the P50 column, for it is a mean. */
function workerRows(series: string, times: WorkerTaskTimes): string[] {
  return BASELINES.flatMap(([type, name]) => {
    const found = times[type];
    if (!found) return [];
    const local = found.localActivityMs === null ? '' : `, of which its local activity ${found.localActivityMs.toFixed(1)} ms`;
    return [
      `| ${series}: the worker's time per workflow task of ${name} (Temporal's own metric, the mean of ${found.tasks})${local} | ${found.taskMs.toFixed(1)} ms (mean) | | | | |`,
    ];
  });
}
