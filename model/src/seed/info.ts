import { DateTime } from 'luxon';
import type { InfoPage } from '../schemas/info.js';

/**
 * The seed festival's practical information, in English and Dutch (one page, lost property,
 * has its Dutch body left empty on purpose: Dutch readers get the English one, marked as
 * English). Bodies use the info pages' formatting subset: `## ` headings, `- ` lists,
 * `**bold**` and `[links](https://…)`.
 */
type SeedInfoPage = { id: string; data: Omit<InfoPage, 'updatedAt'> };

const page = (id: string, order: number, title: [en: string, nl: string], body: [en: string, nl: string]): SeedInfoPage => ({
  id,
  data: { order, title: { en: title[0], nl: title[1] }, body: { en: body[0], nl: body[1] } },
});

/** One festival day's gate hours, in festival time ("11:00", "04:15" past midnight). */
export interface GateHours {
  /** The festival day, YYYY-MM-DD. */
  date: string;
  opens: string;
  closes: string;
}

/** "**Friday 14 August**: 11:00 to 04:15" (or its Dutch), a line of the opening-hours page. */
function hoursLine(hours: GateHours, locale: 'en' | 'nl'): string {
  const day = DateTime.fromISO(hours.date, { locale }).toFormat('cccc d LLLL');
  const label = day.charAt(0).toUpperCase() + day.slice(1);
  return `- **${label}**: ${hours.opens} ${locale === 'en' ? 'to' : 'tot'} ${hours.closes}`;
}

/** The pages, their opening hours written from `gateHours` (the programme's, see `gateHoursOf`). */
export function seedInfoPages(gateHours: readonly GateHours[]): SeedInfoPage[] {
  return [
    page('opening-hours', 10, ['Opening hours', 'Openingstijden'], [
      `The gates open an hour before the first set each day and close half an hour after the last one.

${gateHours.map((hours) => hoursLine(hours, 'en')).join('\n')}

The last entry is two hours before closing. The bars stop serving half an hour before the end.`,
      `De poorten gaan elke dag een uur voor de eerste set open en een half uur na de laatste dicht.

${gateHours.map((hours) => hoursLine(hours, 'nl')).join('\n')}

De laatste toegang is twee uur voor sluiting. De bars stoppen een half uur voor het einde.`,
    ]),
    page('tickets-and-wristbands', 20, ['Tickets and wristbands', 'Tickets en polsbandjes'], [
      `Exchange your ticket for a wristband at the main gate. Keep it on all weekend: a wristband that has been cut or taken off is no longer valid.

## Lost your wristband?
Go to the info booth by the main gate with your ID and the email with your ticket.`,
      `Wissel je ticket bij de hoofdingang om voor een polsbandje. Houd het het hele weekend om: een bandje dat is doorgeknipt of afgedaan, is niet meer geldig.

## Bandje kwijt?
Ga met je ID en de e-mail met je ticket naar de infobalie bij de hoofdingang.`,
    ]),
    page('rules', 30, ['House rules', 'Huisregels'], [
      `- You must be 18 or over to buy alcohol; bring your ID.
- No glass, no drugs, no fireworks, no drones.
- Treat everyone with respect. Feel unsafe, or see someone who is? Any member of staff or the **first aid post** will help.`,
      `- Je moet 18 of ouder zijn om alcohol te kopen; neem je ID mee.
- Geen glas, geen drugs, geen vuurwerk, geen drones.
- Behandel iedereen met respect. Voel je je onveilig, of zie je iemand die dat is? Elke medewerker of de **EHBO-post** helpt je.`,
    ]),
    page('what-to-bring', 40, ['What to bring', 'Wat neem je mee'], [
      `- Your wristband and ID
- A refillable bottle (empty at the gate): water points are free
- Sun cream and a rain jacket: it is a beach
- Earplugs (also sold at the bars)`,
      `- Je polsbandje en ID
- Een hervulbare fles (leeg bij de ingang): de waterpunten zijn gratis
- Zonnebrand en een regenjas: het is een strand
- Oordoppen (ook te koop bij de bars)`,
    ]),
    page('transport', 50, ['Getting there', 'Bereikbaarheid'], [
      `Take tram 26 to the terminus at IJburg, then walk ten minutes along the signs. Bikes go in the guarded bike park by the main gate (free).

There is **no car park**. Plan your trip at [9292.nl](https://9292.nl/en).`,
      `Neem tram 26 naar de eindhalte op IJburg en loop dan tien minuten de borden na. Fietsen kunnen in de bewaakte fietsenstalling bij de hoofdingang (gratis).

Er is **geen parkeerplaats**. Plan je reis op [9292.nl](https://9292.nl).`,
    ]),
    page('lockers', 60, ['Lockers', 'Kluisjes'], [
      `Lockers stand by the main gate and fit a backpack and a phone charger. A locker costs €10 a day; open and close it as often as you like.`,
      `De kluisjes staan bij de hoofdingang en passen een rugzak en een telefoonlader. Een kluisje kost €10 per dag; je kunt het zo vaak openen en sluiten als je wilt.`,
    ]),
    page('lost-property', 70, ['Lost property', 'Gevonden voorwerpen'], [
      `Found something? Hand it in at the info booth by the main gate. Lost something? Ask there; after the festival, email lost@encore.example with a description.`,
      '',
    ]),
    page('first-aid', 80, ['First aid', 'EHBO'], [
      `The **first aid post** is in the middle of the site, between the Main Stage and the Harbour Tent, and a second one is by the main gate. Both are open as long as the festival is.

In an emergency call **112**, then tell any member of staff where you are.`,
      `De **EHBO-post** staat midden op het terrein, tussen de Main Stage en de Harbour Tent, en een tweede bij de hoofdingang. Beide zijn open zolang het festival open is.

Bel in een noodgeval **112** en zeg daarna een medewerker waar je bent.`,
    ]),
    page('faq', 90, ['Questions and answers', 'Veelgestelde vragen'], [
      `## Can I leave and come back?
Yes, with your wristband on.

## Is the site accessible?
Step-free routes are marked green on the map, and there are accessible viewing areas at the Main Stage and the Harbour Tent.

## Can I pay in cash?
No: the bars and food stands take cards and phones only.`,
      `## Mag ik naar buiten en weer terug?
Ja, met je polsbandje om.

## Is het terrein toegankelijk?
Drempelvrije routes staan groen op de kaart, en bij de Main Stage en de Harbour Tent zijn toegankelijke kijkplekken.

## Kan ik contant betalen?
Nee: de bars en eetkramen nemen alleen pin en telefoon aan.`,
    ]),
  ];
}
