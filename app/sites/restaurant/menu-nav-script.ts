/**
 * The restaurant page's one inline script, under 1 KB, run where JavaScript is on. The page
 * works without it (the Menu is a `<details>`, the categories are anchors, the chips bar
 * scrolls by itself); it adds:
 * - the Menu closes (`n.open=!1`) once one of its categories is chosen, on a tap outside it,
 *   and on Escape, which gives focus back to its button (`n.firstChild`, the `<summary>`);
 * - on scroll (once a frame, and once at start), the chip of the last section whose top has
 *   passed under the sticky bar is marked `aria-current`; unless it shows whole with 16 px
 *   to spare, the chips row scrolls it to its start, where the row snaps (scroll-padding in
 *   public-menu.css), so the chips after it show too. At the end of the page, where the last
 *   sections cannot reach the bar, it is the section the address points to if that one is on
 *   screen, else the last.
 *
 * Hand-minified ES2015 text, not a bundle, to stay small: the public pages' policy allows it
 * by the SHA-256 of this exact text (app/server/http/security-headers.server.ts). It reads the
 * page through what `PublicMenuPage` and `MenuCategoryChips` render: `.menu-nav`, its
 * `<details>` and the `.menu-chips` list, whose links are `#` plus a section's id.
 * app/sites/restaurant/menu-nav-script.test.ts holds it to its size and to parsing;
 * tests/e2e/menu-navigation.spec.ts to its behaviour.
 */
export const MENU_NAV_SCRIPT =
  '(()=>{var d=document,v=d.querySelector(".menu-nav"),n=v.querySelector("details"),' +
  'b=v.querySelector(".menu-chips"),c=[...v.querySelectorAll(".menu-chips a")],' +
  "s=c.map(a=>d.getElementById(a.hash.slice(1))),k=-1,q=0," +
  "x=f=>{if(n.open){n.open=!1;f&&n.firstChild.focus()}},u=()=>{q=0;" +
  "var y=v.getBoundingClientRect().bottom+16," +
  "e=innerHeight+scrollY>=d.documentElement.scrollHeight-2,i=-1,h=-1,j,t,a,l;" +
  "for(j=0;j<s.length;j++){t=s[j].getBoundingClientRect().top;if(t<=y)i=j;" +
  "if(t>0&&t<innerHeight&&c[j].hash==location.hash)h=j}if(e&&i>=0)i=h<0?s.length-1:h;" +
  'if(i==k)return;k>=0&&c[k].removeAttribute("aria-current");k=i;if(i<0)return;a=c[i];' +
  'a.setAttribute("aria-current",!0);l=a.offsetLeft-16;' +
  "if(l<b.scrollLeft||l+a.offsetWidth+32>b.scrollLeft+b.clientWidth)b.scrollLeft=l};" +
  'd.addEventListener("click",({target:t})=>(!n.contains(t)||t.closest("a"))&&x());' +
  'd.addEventListener("keydown",e=>e.key=="Escape"&&x(1));' +
  'c.length&&(addEventListener("scroll",()=>q||(q=requestAnimationFrame(u))),u())})();';
