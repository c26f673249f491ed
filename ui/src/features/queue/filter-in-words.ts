/** The filter in words for the Archive all dialog ("Agent = Editor"), or null for the whole queue. */
import type { TFunction } from 'i18next';
import type { QueueCard } from '../../../../domain/queue';
import type { QueueFilters } from '../../http/decisions';

export function filterInWords(t: TFunction, filters: QueueFilters, first: QueueCard | undefined): string | null {
  const words = Object.entries(filters).map(([key, value]) => {
    if (key === 'q') return t('archiveAll.filterSearch', { value });
    // A card in the view carries the agent's and task's names the filter holds by id.
    const shown =
      key === 'agent' ? first?.agentName : key === 'task' ? first?.taskTitle : key === 'kind' ? t(`filters.kinds.${value}`) : null;
    return t('archiveAll.filterPart', { name: t(`filters.${key}`), value: shown ?? value });
  });
  return words.length ? words.join(', ') : null;
}
