// The SandboxService's controls for the account on stage, one panel each (sandbox/): its clock, the
// journeys its parcels walk and whether time moves them, moving a parcel on as the carrier would,
// injecting and clearing faults, its parcels per state, and a reset that asks first.
import { ErrorMessage } from '../components/alert.tsx';
import { PageTitle } from '../components/page-title.tsx';
import { useConsole } from '../console-context.ts';
import { useTexts } from '../i18n.ts';
import type { Route } from '../route.ts';
import { useLoad } from '../use-load.ts';
import { AdvancePanel } from './sandbox/advance-panel.tsx';
import { ClockPanel } from './sandbox/clock-panel.tsx';
import { FaultsPanel } from './sandbox/faults-panel.tsx';
import { JourneysPanel } from './sandbox/journeys-panel.tsx';
import { ParcelCountsPanel } from './sandbox/parcel-counts-panel.tsx';
import { PushPanel } from './sandbox/push-panel.tsx';
import { ResetPanel } from './sandbox/reset-panel.tsx';
import type { SandboxCall } from './sandbox/sandbox-controls.ts';

export function SandboxPage({ route }: { readonly route: Route }) {
  const { call } = useConsole();
  const { t } = useTexts();
  const state = useLoad(() => call('getSandboxState', {}), [call]);

  const sandbox: SandboxCall = async (operation, request) => {
    try {
      return await call(operation, request);
    } finally {
      state.reload();
    }
  };

  const current = state.data;
  return (
    <>
      <PageTitle>{t('sandboxTitle')}</PageTitle>
      <p>{t('sandboxIntro')}</p>
      <ErrorMessage error={state.error} />

      <ClockPanel sandbox={sandbox} current={current} />

      <JourneysPanel sandbox={sandbox} current={current} />

      <AdvancePanel sandbox={sandbox} route={route} />

      <FaultsPanel sandbox={sandbox} current={current} />

      <ParcelCountsPanel current={current} />

      <PushPanel sandbox={sandbox} current={current} />

      <ResetPanel sandbox={sandbox} />
    </>
  );
}
