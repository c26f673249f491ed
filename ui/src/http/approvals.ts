/** `/api/v1/approvals/:id/approve|reject`: the approval's own resolution path (FR-29, E2). */
import { approve as approveRoute, reject as rejectRoute } from '../../../domain/routes/approvals';
import { call } from './call';

export const approve = (id: string) => call(approveRoute, { params: { id }, body: {} }).then((body) => body.approval);
/** A rejection carries its reason (FR-24). */
export const reject = (id: string, reason: string) => call(rejectRoute, { params: { id }, body: { reason } }).then((body) => body.approval);
