import { defineMessages, useIntl } from 'react-intl';
import type { PendingUpdate } from './register-service-worker';

const messages = defineMessages({
  ready: { id: 'app.updatePrompt.ready', defaultMessage: 'A new version is ready' },
  reload: { id: 'app.updatePrompt.reload', defaultMessage: 'Reload' },
});

/** "A new version is ready — Reload" (loaded on demand by UpdatePrompt). */
export default function UpdatePromptView({ update }: { update: PendingUpdate }) {
  const intl = useIntl();
  return (
    <div className="notice notice-info" role="status">
      <p>{intl.formatMessage(messages.ready)}</p>
      <button type="button" className="button button-small" onClick={() => update.apply()}>
        {intl.formatMessage(messages.reload)}
      </button>
    </div>
  );
}
