import { useRouteLoaderData } from "react-router";
import { EXAMPLE_SITES, type ExampleSite } from "~/lib/example-sites";
import type { loader as layoutLoader } from "~/routes/marketing/layout";

/** The example sites this installation has (the marketing layout's loader looks). */
export function useExamples(): ExampleSite[] {
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/marketing/layout");
  const present = new Set(layout?.exampleIds ?? []);
  return EXAMPLE_SITES.filter((example) => present.has(example.productId));
}
