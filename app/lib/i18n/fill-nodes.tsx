import { Fragment, type ReactNode } from "react";

/**
 * A catalogue text with `{name}` slots filled by React nodes (a link, a bold name), for a
 * sentence whose words must stay whole in the catalogue while parts of it are elements.
 * A slot without a value is left as it is, as `fill` does.
 */
export function fillNodes(text: string, values: Readonly<Record<string, ReactNode>>): ReactNode {
  const parts = text.split(/\{(\w+)\}/);
  return parts.map((part, index) => {
    // Odd indexes are slot names, even ones the text between them.
    if (index % 2 === 0) return part;
    return <Fragment key={index}>{part in values ? values[part] : `{${part}}`}</Fragment>;
  });
}
