/**
 * The SQL side of the capability table (app/lib/site-access.ts): which sites a person reaches
 * and in which role, as conditions and columns on \`products\`. The checks that use them are in
 * ./site-access.server.ts; lists (the inbox's sites, the portal's) filter with them.
 */
import { eq, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  CAPABILITY_ROLES,
  type SiteCapability,
  type SiteRole,
  type StaffRole,
} from "~/lib/site-access";
import { products, siteMembers } from "../db/schema";

/** The staff roles that have `capability` (the owner has every one). */
export function staffRolesWith(capability: SiteCapability): StaffRole[] {
  return (CAPABILITY_ROLES[capability] as readonly SiteRole[]).filter(
    (role): role is StaffRole => role !== "owner",
  );
}

/**
 * A condition on `products`: the site is `userId`'s own, or `userId` works on it in a role
 * with `capability`. Lists (the inbox's sites, the portal's sites) filter with it.
 */
export function siteReachableBy(userId: string, capability: SiteCapability): SQL {
  const roles = staffRolesWith(capability);
  const asStaff = sql`exists (select 1 from ${siteMembers} where ${siteMembers.productId} = ${products.id} and ${siteMembers.userId} = ${userId} and ${inArray(siteMembers.role, roles)})`;
  return or(eq(products.ownerUid, userId), asStaff)!;
}

/** `userId`'s role on the site of the row being read: owner, their staff role, or null. */
export function roleColumn(userId: string) {
  return sql<SiteRole | null>`case when ${products.ownerUid} = ${userId} then 'owner' else (select ${siteMembers.role} from ${siteMembers} where ${siteMembers.productId} = ${products.id} and ${siteMembers.userId} = ${userId}) end`;
}
