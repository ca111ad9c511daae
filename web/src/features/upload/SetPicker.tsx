import { festivalDayOf } from '@encore/model';
import { useMemo } from 'react';
import { Button, ComboBox, Header, Input, Label, ListBox, ListBoxItem, ListBoxSection, Popover, Text } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { dayLabel, shortDayLabel, timeRange } from '../../time/format';
import { groupByDayAndStage } from './preselect-set';

export const NO_SET = '__none__';

/**
 * "Which set are these photos from?": a labelled combobox (react-aria: type to filter,
 * arrow keys, screen-reader announcements) over the programme grouped by day and stage, so
 * 131 sets are a short search away rather than a flat list. "Not from one set" comes first.
 */
export function SetPicker({ programme, value, onChange }: { programme: Programme; value: string | null; onChange(id: string | null): void }) {
  const intl = useIntl();
  const noSet = intl.formatMessage({ id: 'upload.page.noSet', defaultMessage: 'Not from one set (we’ll guess from the time taken)' });
  const sections = useMemo(() => {
    const stageName = new Map(programme.stages.map((stage) => [stage.id, stage.name]));
    const groups = groupByDayAndStage(programme.performances, programme.festival, programme.stages.map((stage) => stage.id));
    return groups.map((group) => ({
      key: group.key,
      title: intl.formatMessage(
        { id: 'upload.picker.group', defaultMessage: '{day} · {stage}' },
        { day: dayLabel(intl, group.day), stage: stageName.get(group.stageId) ?? group.stageId },
      ),
      items: group.sets.map((set) => {
        const artist = programme.artists.get(set.artistId)?.name ?? intl.formatMessage({ id: 'upload.page.unknownArtist', defaultMessage: 'Unknown artist' });
        const when = `${shortDayLabel(intl, festivalDayOf(set.startsAt, programme.festival))} ${timeRange(intl, set.startsAt, set.endsAt, programme.festival)}`;
        return { id: set.id, artist, text: `${artist} · ${stageName.get(set.stageId) ?? ''} · ${when}`, when };
      }),
    }));
  }, [programme, intl]);

  return (
    <ComboBox
      className="field set-picker"
      selectedKey={value ?? NO_SET}
      onSelectionChange={(key) => key !== null && onChange(key === NO_SET ? null : String(key))}
      menuTrigger="focus"
      defaultFilter={(text, input) => text.toLocaleLowerCase().includes(input.trim().toLocaleLowerCase())}
    >
      <Label>
        <FormattedMessage id="upload.page.whichSet" defaultMessage="Which set are these photos from?" />
      </Label>
      <div className="set-picker-input">
        <Input />
        <Button aria-label={intl.formatMessage({ id: 'upload.picker.showAll', defaultMessage: 'Show all sets' })}>
          <span aria-hidden="true">▾</span>
        </Button>
      </div>
      <Text slot="description" className="field-hint">
        <FormattedMessage id="upload.picker.hint" defaultMessage="Type an artist or a stage to find a set." />
      </Text>
      <Popover className="popover">
        <ListBox className="listbox">
          <ListBoxItem className="listbox-item" id={NO_SET} textValue={noSet}>
            {noSet}
          </ListBoxItem>
          {sections.map((section) => (
            <ListBoxSection key={section.key} id={section.key} className="listbox-section">
              <Header className="listbox-header">{section.title}</Header>
              {section.items.map((item) => (
                <ListBoxItem className="listbox-item" key={item.id} id={item.id} textValue={item.text}>
                  {item.artist} <span className="muted">{item.when}</span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ))}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
