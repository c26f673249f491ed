// The worker's workflow bundle entry: every workflow type Cast registers.
export { decisionWorkflow } from './decision-workflow';
export { sweepWorkflow } from './sweep-workflow';
export { stackWorkflow } from './stack-workflow';
export { healthRollupWorkflow } from './health-rollup-workflow';
export { reconcileWorkflow } from './reconcile-workflow';
export { webhookDeliveryWorkflow } from './webhook-delivery-workflow';
export { memberDeliveryWorkflow } from './member-delivery-workflow';
