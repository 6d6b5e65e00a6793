/**
 * The restaurant page's one inline script, under 1 KB, run where JavaScript is on. The page
 * works without it (the Menu is a `<details>`, the categories are anchors, the chips bar
 * scrolls by itself); it adds:
 * - the Menu closes once a category is chosen (n.open=false on a click on one of its links),
 *   on a tap outside it, and on Escape, which gives focus back to its button;
 * - on scroll (once a frame), the chip of the last section whose top has passed under the
 *   sticky bar (the last one once the page is scrolled to its end) is marked `aria-current` and
 *   scrolled into the chips bar (which snaps it clear of the edge, public-menu.css).
 *
 * Hand-minified ES2017 text, not a bundle, to stay small: the public pages' policy allows it
 * by the SHA-256 of this exact text (app/server/security-headers.server.ts). It reads the
 * page through what `PublicMenuPage` and `MenuCategoryChips` render: `.menu-nav`, its
 * `<details>` and the `.menu-chips` list, whose links are `#` plus a section's id.
 * app/sites/restaurant/menu-nav-script.test.ts holds it to its size and to parsing.
 */
export const MENU_NAV_SCRIPT =
  '(function(){var d=document,v=d.querySelector(".menu-nav"),' +
  'n=v.querySelector("details"),b=v.querySelector(".menu-chips"),' +
  'c=b?Array.from(b.querySelectorAll("a")):[],' +
  "s=c.map(function(a){return d.getElementById(a.hash.slice(1))}),k=-1,q=0;" +
  'function x(f){if(n.open){n.open=!1;f&&n.querySelector("summary").focus()}}' +
  'd.addEventListener("click",function(e){var t=e.target;(!n.contains(t)||t.closest("a"))&&x()});' +
  'd.addEventListener("keydown",function(e){e.key=="Escape"&&x(1)});' +
  "function u(){q=0;var y=v.getBoundingClientRect().bottom+16,i=-1,j,a,l,r;" +
  "for(j=0;j<s.length;j++)if(s[j].getBoundingClientRect().top<=y)i=j;" +
  "if(i>=0&&innerHeight+scrollY>=d.documentElement.scrollHeight-2)i=s.length-1;" +
  'if(i==k)return;k>=0&&c[k].removeAttribute("aria-current");k=i;if(i<0)return;' +
  'a=c[i];a.setAttribute("aria-current","true");l=a.offsetLeft;r=l+a.offsetWidth;' +
  "if(l<b.scrollLeft)b.scrollLeft=l;else if(r>b.scrollLeft+b.clientWidth)b.scrollLeft=r-b.clientWidth}" +
  'b&&(addEventListener("scroll",function(){q||(q=requestAnimationFrame(u))}),u())})();';
