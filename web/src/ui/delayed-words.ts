import { useIntl } from 'react-intl';

/** The words for `delayed`: since when nothing new came, in the festival's zone; undefined for the other states. */
export function useDelayedWords(since: Date | undefined, timeZone: string | undefined) {
  const intl = useIntl();
  if (!since) return undefined;
  const time = intl.formatTime(since, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) });
  return {
    text: intl.formatMessage({ id: 'ui.connectionBadge.delayed', defaultMessage: 'Updates delayed since {time}' }, { time }),
    // What a small phone's header has room for (the whole sentence stays the badge's accessible text).
    short: intl.formatMessage({ id: 'ui.connectionBadge.delayedShort', defaultMessage: 'Delayed {time}' }, { time }),
    detail: intl.formatMessage(
      {
        id: 'ui.connectionBadge.delayedDetail',
        defaultMessage:
          'Nothing new has arrived from the festival servers since {time}, though it usually does every few seconds: counts and changes may be out of date. Encore catches up by itself.',
      },
      { time },
    ),
  };
}
