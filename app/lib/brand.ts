/** The product's name, as the site nav shows it and mails are signed. */
export const PRODUCT_NAME = "Site Builder";
