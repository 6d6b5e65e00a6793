import { useState } from "react";
import { browserTimeZone, TIME_ZONES, timeZoneLabel } from "~/lib/time-zones";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { Field, type FieldState } from "./form";
import { useChoicesMadeBeforeHydration } from "./use-choices-before-hydration";
import { useHydrated } from "./use-hydrated";

/** The zones by region ("Europe", "America"…), UTC on its own. */
function zonesByRegion(extra: string): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  const zones = extra && !TIME_ZONES.includes(extra) ? [extra, ...TIME_ZONES] : TIME_ZONES;
  for (const zone of zones) {
    const region = zone.includes("/")
      ? zone.slice(0, zone.indexOf("/"))
      : siteFieldWords.timeZoneOtherRegion;
    const list = groups.get(region) ?? [];
    list.push(zone);
    groups.set(region, list);
  }
  return [...groups];
}

/** "Argentina / Buenos Aires" for America/Argentina/Buenos_Aires: the region is the group's. */
function placeLabel(zone: string): string {
  return zone.includes("/") ? timeZoneLabel(zone.slice(zone.indexOf("/") + 1)) : zone;
}

/**
 * The site's time zone on Info: "Open now" on the public page is reckoned there. A site
 * without one (made before zones were kept, or without JavaScript) is offered the owner's
 * browser's zone, which the next save stores.
 */
export function TimeZoneField({ field, stored }: { field: FieldState; stored: string }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? (stored || (hydrated ? browserTimeZone() : ""));
  // A zone chosen before the page's script ran is the owner's, not the browser's.
  const select = useChoicesMadeBeforeHydration<HTMLSelectElement>((element) => {
    if (element.value !== value) setChosen(element.value);
  });
  return (
    <Field
      field={field}
      label={siteFieldWords.timeZone}
      hint={stored ? siteFieldWords.timeZoneHint : siteFieldWords.timeZoneHintNotSet}
    >
      <select ref={select} value={value} onChange={(event) => setChosen(event.currentTarget.value)}>
        <option value="">{siteFieldWords.timeZoneNotSet}</option>
        {zonesByRegion(value).map(([region, zones]) => (
          <optgroup key={region} label={region}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {placeLabel(zone)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}
