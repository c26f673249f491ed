/**
 * `/tasks`: the task board. A "Needs you" column comes first: each task with open decisions,
 * its Decision chip carrying the count and an Open decision action that lands in My Decisions
 * filtered to that task, its first decision selected (S10) — the queue itself, not a second
 * implementation. Every other task sits in the column of its status.
 */
import { useTranslation } from 'react-i18next';
import type { Task, TaskStatus } from '../../../../domain/task';
import { AppLink } from '../../shared/app-link';
import { PauseIcon } from '../../shared/pause-icon';
import { pageStateOf } from '../../shared/page-state';
import { useTaskBoard, type Board } from './work-pages';
import { PageFrame } from '../../shared/page-frame';

/** The board's status columns, in the order work moves; cancelled tasks are off the board. */
const COLUMNS: TaskStatus[] = ['todo', 'in_progress', 'blocked', 'review', 'done'];

export function TaskBoard() {
  const { t } = useTranslation();
  const read = useTaskBoard();
  return (
    <PageFrame title={t('board.title')} loaded={pageStateOf(read)} className="board">
      {read.data && <Columns board={read.data} />}
    </PageFrame>
  );
}

function Columns({ board: { tasks, openDecisions } }: { board: Board }) {
  const { t } = useTranslation();
  const needsYou = tasks.filter((task) => openDecisions[task.id]);
  const columns = [
    { key: 'needs-you', title: t('board.needsYou'), tasks: needsYou },
    ...COLUMNS.map((status) => ({
      key: status,
      title: t(`task.statuses.${status}`),
      tasks: tasks.filter((task) => task.status === status && !openDecisions[task.id]),
    })),
  ];
  return (
    <div className="columns">
      {columns.map((column) => (
        <section key={column.key} className="column" aria-labelledby={`column-${column.key}`} data-column={column.key}>
          <h2 id={`column-${column.key}`}>
            {column.title} <span className="count">{column.tasks.length}</span>
          </h2>
          {column.tasks.length === 0 ? (
            <p className="help">{t('board.empty')}</p>
          ) : (
            <ul className="task-cards">
              {column.tasks.map((task) => (
                <TaskCard key={task.id} task={task} openDecisions={openDecisions[task.id] ?? 0} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

function TaskCard({ task, openDecisions }: { task: Task; openDecisions: number }) {
  const { t } = useTranslation();
  const titleId = `task-title-${task.id}`;
  return (
    <li className="task-card" data-testid="task-card" data-task={task.id}>
      <AppLink href={`/tasks/${encodeURIComponent(task.id)}`} id={titleId} className="task-title">
        {task.title}
      </AppLink>
      <span className="meta">{t(`task.statuses.${task.status}`)}</span>
      {openDecisions > 0 && (
        <>
          <span className="chip" data-testid="decision-chip">
            <PauseIcon />
            {t('board.decisions', { count: openDecisions })}
          </span>
          <AppLink href={`/decisions?task=${encodeURIComponent(task.id)}`} className="button-link" aria-describedby={titleId}>
            {t('board.openDecision')}
          </AppLink>
        </>
      )}
    </li>
  );
}
