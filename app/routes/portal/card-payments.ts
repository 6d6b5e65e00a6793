/** Card payments of a site (the Orders tab's "Card payments"): being built. */
import { data } from "react-router";

export function loader() {
  throw data({ message: "Not found." }, { status: 404 });
}
