/**
 * The booking form's script, run where JavaScript is on. The page works without it: choosing
 * the party and the day is a GET form whose "Show times" button asks the server for that day's
 * free times. With it, changing either fetches the same page for the new choice and puts its
 * times in place without a reload, keeps the booking form's hidden party and day in step, and
 * says the new choice to screen readers; "Show times" is hidden. A time already picked stays
 * picked where the new list still offers it. Should the fetch fail, the
 * form is sent as it would be without the script.
 *
 * It reads the page `BookPage` renders (./book-page.tsx): `form[data-book-choose]`,
 * `form[data-book-form]` with its hidden `party` and `date`, the times' `[data-book-times]`
 * with its `data-announce`, and `[data-book-announce]`. Plain ES2017 in a string, embedded
 * with the page's nonce: too small to be worth a build step of its own.
 */
export const BOOK_PAGE_SCRIPT = `(function () {
  var choose = document.querySelector("form[data-book-choose]");
  var book = document.querySelector("form[data-book-form]");
  var announce = document.querySelector("[data-book-announce]");
  if (!choose || !book || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  var show = choose.querySelector("[data-show-times]");
  if (show) show.hidden = true;
  var latest = 0;
  // The time a guest picked, by its label ("7:00 PM"): it stays picked when the party or the
  // day changes and that time is still free, as the guest would expect.
  function chosenTime(times) {
    var picked = times.querySelector("input[name=time]:checked");
    return picked && picked.parentNode ? picked.parentNode.textContent.trim() : "";
  }
  function keepChosenTime(times, label) {
    if (!label) return;
    var radios = times.querySelectorAll("input[name=time]");
    for (var i = 0; i < radios.length; i++) {
      if (radios[i].parentNode.textContent.trim() === label) radios[i].checked = true;
    }
  }
  function refresh() {
    // A date half typed (or cleared) is no day yet: wait for a whole one.
    var date = choose.querySelector("input[name=date]");
    if (date && !date.value) return;
    var url = choose.getAttribute("action") + "?" + new URLSearchParams(new FormData(choose));
    var ticket = ++latest;
    var times = book.querySelector("[data-book-times]");
    if (times) times.setAttribute("aria-busy", "true");
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (answer) {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.text();
      })
      .then(function (html) {
        if (ticket !== latest) return;
        var next = new DOMParser().parseFromString(html, "text/html");
        var fresh = next.querySelector("[data-book-times]");
        var current = book.querySelector("[data-book-times]");
        if (!fresh || !current) throw new Error("no times");
        var chosen = chosenTime(current);
        var imported = document.importNode(fresh, true);
        current.replaceWith(imported);
        keepChosenTime(imported, chosen);
        ["party", "date"].forEach(function (name) {
          var from = next.querySelector("form[data-book-form] input[name=" + name + "]");
          var to = book.querySelector("input[name=" + name + "]");
          if (from && to) to.value = from.value;
        });
        if (announce) announce.textContent = fresh.getAttribute("data-announce") || "";
        history.replaceState(history.state, "", url);
      })
      .catch(function () {
        if (ticket === latest) choose.submit();
      });
  }
  choose.addEventListener("change", refresh);
  choose.addEventListener("submit", function (event) {
    event.preventDefault();
    refresh();
  });
})();`;
