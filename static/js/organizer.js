/* Organizer pages: small helpers that only improve what already works without script.
 *
 * Settings: the sentence "R rounds × H hands a round = T hands in all." follows the
 * two fields as they are typed (the translated pattern comes from the page).
 */
(function () {
  "use strict";

  var total = document.getElementById("hands-total");
  var rounds = document.getElementById("id_rounds");
  var perRound = document.getElementById("id_hands_per_round");
  if (total && rounds && perRound) {
    var update = function () {
      var r = parseInt(rounds.value, 10);
      var h = parseInt(perRound.value, 10);
      if (!(r > 0 && h > 0)) return;
      var pattern = h === 1 ? total.dataset.patternOne : total.dataset.pattern;
      total.textContent = pattern.replace("%(r)s", r).replace("%(h)s", h).replace("%(t)s", r * h);
    };
    rounds.addEventListener("input", update);
    perRound.addEventListener("input", update);
  }
})();
