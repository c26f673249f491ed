/** What `cast hook keeper` does: keeps the card of the hook that started it (hosts/one-shot/keeper-run.ts). */
import { keepCard } from '../../hosts/one-shot/keeper-run';

export const run = keepCard;
