/**
 * An approval's risk flags as chips under "Risks", in the catalogue's words (§6.3): Home's
 * approval rows and the Inbox's approval messages show the same ones.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskFlag } from '../../../domain/approval';

export function RiskChips({ risks }: { risks: readonly RiskFlag[] }) {
  const { t } = useTranslation();
  const id = useId();
  if (risks.length === 0) return null;
  return (
    <div className="risks" data-testid="risk-chips">
      <span className="label" id={id}>
        {t('home.risks')}
      </span>
      <ul aria-labelledby={id}>
        {risks.map((risk) => (
          <li key={risk} className="chip">
            {t(`risks.${risk}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
