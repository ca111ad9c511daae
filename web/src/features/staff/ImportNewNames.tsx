import type { ImportNewName } from '@encore/model';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ImportChoices, NameChoice, NewNames } from './import-decisions';

/**
 * The new artists and stages a file names, each with its decision (issue 36): a new stage is
 * created only when the organiser says so, and a name near an existing one ("Main Stgae") is
 * offered as that one in one tap. New artists with no near name are listed only.
 */
export function ImportNewNames({ names, choices, onChoose, disabled }: { names: NewNames; choices: ImportChoices; onChoose(next: ImportChoices): void; disabled: boolean }) {
  const intl = useIntl();
  const plainArtists = names.artists.filter((artist) => (artist.similar?.length ?? 0) === 0);
  const nearArtists = names.artists.filter((artist) => (artist.similar?.length ?? 0) > 0);
  const choose = (kind: 'artists' | 'stages', id: string, choice: NameChoice) => onChoose({ ...choices, [kind]: { ...choices[kind], [id]: choice } });
  return (
    <section aria-labelledby="import-new-title" className="import-new">
      <h3 id="import-new-title">
        <FormattedMessage id="staff.import.newNamesTitle" defaultMessage="Names the festival does not have yet" />
      </h3>
      {names.stages.map((stage) => (
        <NameDecision
          key={`stage-${stage.id}`}
          name={stage}
          choice={choices.stages[stage.id]}
          onChoose={(choice) => choose('stages', stage.id, choice)}
          disabled={disabled}
          question={intl.formatMessage({ id: 'staff.import.newStageQuestion', defaultMessage: 'Stage “{name}”' }, { name: stage.name })}
          create={intl.formatMessage({ id: 'staff.import.createStage', defaultMessage: 'Create the new stage “{name}”' }, { name: stage.name })}
        />
      ))}
      {nearArtists.map((artist) => (
        <NameDecision
          key={`artist-${artist.id}`}
          name={artist}
          choice={choices.artists[artist.id]}
          onChoose={(choice) => choose('artists', artist.id, choice)}
          disabled={disabled}
          question={intl.formatMessage({ id: 'staff.import.newArtistQuestion', defaultMessage: 'Artist “{name}”' }, { name: artist.name })}
          create={intl.formatMessage({ id: 'staff.import.createArtist', defaultMessage: 'Create the new artist “{name}”' }, { name: artist.name })}
        />
      ))}
      {plainArtists.length > 0 ? (
        <p>
          <FormattedMessage
            id="staff.import.newArtistsCreated"
            defaultMessage="New {count, plural, one {artist} other {artists}}, created when you import: {names}"
            values={{ count: plainArtists.length, names: intl.formatList(plainArtists.map((artist) => artist.name)) }}
          />
        </p>
      ) : null}
    </section>
  );
}

function NameDecision({ name, choice, onChoose, disabled, question, create }: { name: ImportNewName; choice: NameChoice | undefined; onChoose(choice: NameChoice): void; disabled: boolean; question: string; create: string }) {
  const value = choice === undefined ? null : choice === 'create' ? 'create' : `use:${choice.use}`;
  return (
    <RadioGroup
      className="field import-name-decision"
      value={value}
      isDisabled={disabled}
      onChange={(next) => onChoose(next === 'create' ? 'create' : { use: next.slice('use:'.length) })}
    >
      <Label>{question}</Label>
      {(name.similar ?? []).map((near) => (
        <Radio key={near.id} value={`use:${near.id}`} className="radio">
          <FormattedMessage id="staff.import.useExisting" defaultMessage="Did you mean “{name}”? Use it" values={{ name: near.name }} />
        </Radio>
      ))}
      <Radio value="create" className="radio">
        {create}
      </Radio>
    </RadioGroup>
  );
}
