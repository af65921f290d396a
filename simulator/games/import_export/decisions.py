"""Every kind of decision the Import/Export rules ask a player, declared once.

A `Decision(player, kind, options, context)` of any other kind is a bug: the tests check
that the rules yield only these kinds and yield each of them, and that the heuristic bot
answers each one (strategies/import_export); the random bot answers any kind. The text says
who is asked, what the options are and what `context` holds.
"""

from __future__ import annotations

from typing import Final

ALONE: Final = "alone"
"""import_ship's context: an Import a power lets one player perform alone (IE-POWER-49)."""
BIDDING: Final = "bidding"
"""import_ship's context: the leader's own declared Imports reach this round (IE-IMPORT-1)."""
NOT_BIDDING: Final = "not bidding"
"""import_ship's context: the round is held for the others; the leader picks without bidding."""

TURN: dict[str, str] = {
    "lead": "The leader: draw, lead an action with a card or a same-colour pair, or discard "
    "the contracts of a ship at port (IE-DISCARD-1).",
    "lead_with": "The leader: which card (or pair) declares the led action (context: action).",
    "follow": "Each other player in turn: follow the led action, draw, or follow with another "
    "type a power allows (context: the led action).",
    "follow_with": "A follower: which card (or pair) declares the action (context: action).",
    "declare": "How many actions to perform: the card played plus any matching crew "
    "(context: the action).",
    "jidohanbaiki_use": "A leader drawing with Jidohanbaiki: draw, or take its credits.",
    "capital_discard": "Before a Draw: discard a Capital card from the hand, or pass (IE-CAP-10).",
    "any_time": "A reaction window (IE-ANYTIME-1): pass, or use an any-time power (context: "
    "the moment).",
    "supply": "A Supply action: sell a hand card, or take an island card to crew.",
    "barter": "A Barter action: a hand card for an island card (IE-CAP-8).",
    "contract": "A Contract action: which card as which contract under which ship ('stop' "
    "when only Tokyo Port cards are offered).",
    "load": "A Load action: which card onto which ship, as which colour.",
    "pirate": "A Pirate action: which container of a ship at sea, or island card, to take.",
    "pirate_to": "Where a pirated card is loaded, or 'discard' (context: the card).",
    "import_ship": "The leader: which ship at sea the import round is held on (context: "
    "ALONE, BIDDING or NOT_BIDDING, above).",
    "bid": "A sealed bid in an import round, 0 up to one's credits (context: the ship).",
    "import_tie": "The leader: who wins a tied import round (context: the ship).",
    "import_take": "The round's winner: which card of the ship to take next (context: cargo).",
    "import_place": "A card won in an import: to the crew or the goods (context: the card).",
    "shampoo_take": "With Shampoo: take one more card of the ship, or stop (context: cargo).",
    "container_color": "Physical containers: the colour a Flag card's container takes "
    "(context: the card).",
}
"""The turn and the actions (turn.py, actions.py, auctions.py, plunder.py, variants.py,
windows.py)."""

POWERS: dict[str, str] = {
    # base set
    "antiquities_take": "Antiquities: which illegal card of the deck to take.",
    "apples_choice": "Apples: which agricultural hand card to add to the fulfilled contracts "
    "(one must be added: IE-POWER-12).",
    "beer_choice": "Beer: the drawn card to the island, or keep it.",
    "insects_target": "Insects: the player who receives the illegal goods.",
    "insects_take": "Insects: which of that player's goods comes back (context: the player).",
    "opposition_leaflets_discard": "Opposition Leaflets: each other player discards a card.",
    "potatoes_choice": "Potatoes: draw, or take credits.",
    "rolls_royce_type": "Rolls Royce: name a type of goods.",
    "sculptures_give": "Sculptures: each other player gives the owner a card (context: owner).",
    "showers_type": "Showers: name a type of goods.",
    "vacuums_give": "Vacuums: which luxury good to give (context: the owner).",
    "vacuums_give_more": "Vacuums: give one more, or stop (context: the owner).",
    "bird_feed_buy": "Bird Feed: buy the card, or pass (context: the owner).",
    "wind_turbines_copy": "Wind Turbines: which fulfilled contract's power to copy.",
    "platinum_rings_play": "Platinum Rings: play a hand card alone, or stop (IE-POWER-48).",
    "stolen_documents_take": "Stolen Documents: which rival's completed Tech contract to take.",
    "small_tank_give": "A Small Tank: the acting player gives the owner a card (context: owner).",
    "drones_draw": "Drones: draw a card, or pass.",
    "shoes_draw": "Shoes: draw a card, or pass.",
    "protractors_take": "Protractors: take the container, or pass (context: the ship).",
    "jets_take": "Jets: which container of the ship to take, or pass (context: the ship).",
    "flash_drives_take": "Flash Drives: which container to take, or pass (context: the ship).",
    "paper_import": "Paper: import from which ship, or pass.",
    "satellite_use": "Satellite: draw and load when a ship completes, or pass.",
    "batteries_use": "Batteries: load one more card, or pass.",
    "rope_swap": "Rope: swap a hand card with an island card, or pass.",
    "led_lights_swap": "LED Lights: hand cards to the island for island cards, or pass.",
    "contraband_use": "Contraband: an extra plunder, or pass.",
    "lumber_draw": "Lumber: draw a card, or pass (context: the acting player).",
    "chairs_discard": "Chairs: discard a hand card, or pass (context: the acting player).",
    "flour_load": "Flour: load its containers at once, or pass.",
    "flour_container": "Flour: which hand cards go on at once as its containers.",
    "shotguns_pay": "Shotguns: pay the owner, or give a card (context: the owner).",
    "shotguns_card": "Shotguns: which hand card to give (context: the owner).",
    # Capital
    "algorithm_place": "The Algorithm: to the crew, onto a ship as a grey container, or stay.",
    "automation_ship": "Automation: the ship at port its grey container moves to.",
    "gps_ship": "GPS: the ship at port its grey container moves to (discarded, unasked, when "
    "none can take it: IE-CAP-19).",
    "cheap_labor_ship": "Cheap Labor: the ship at port its grey container goes to.",
    "container_factory_place": "Container Factory: stay, crew, goods, a ship, or the hand.",
    "euros_ship": "Euros: the ship at sea it goes onto as a grey container.",
    "yen_ship": "Yen: the ship it goes under (IE-CAP-25).",
    "fake_money_take": "Fake Money: which container of an opponent's ship to take (context: the "
    "ship).",
    "fake_money_load": "Fake Money: where the taken container is loaded (context: the card).",
    "interest_give": "Interest: which good each other player gives (context: the owner).",
    "interest_keep": "Interest: which of the goods given the owner keeps within his limit.",
    "lucky_cards_type": "Lucky Cards: name a type of goods.",
    "market_data_give": "Market Data: which hand card to give (context: the owner).",
    "partnership_join": "Partnership: which ship to join into a Super Ship, or pass.",
    # Flag
    "maple_syrup_load": "Maple Syrup: where the card is loaded, or pass (context: the card).",
    "dragon_fruit_choice": "Dragon Fruit: draw, or take credits.",
    "paprika_load": "Paprika: a free load of a hand card after placing a contract, or pass.",
    # J
    "bamboo_place": "Bamboo: the ship it goes under, or pass.",
    "pocky_import": "Pocky: the ship at sea to import from.",
    "soy_sauce_use": "Soy Sauce: move the whole crew into the goods (paying), or pass.",
    "sushi_knives_card": "Sushi Knives: which luxury card to discard.",
    "robo_cats_pair": "Robo-Cats: which pair to load as one container (or ship), or pass.",
    "robo_cats_keep": "Robo-Cats: keep the plundered card for a pair, or pass (context: card).",
    # Kickstarter
    "dino_bones_give": "Dino Bones: which good each player puts on the island (context: the "
    "owner).",
    "dino_bones_take": "Dino Bones: which island card to take into the goods.",
    "stretch_goal_import": "Stretch Goal: which container of a ship at sea to import into the "
    "goods.",
    "backpacks_draw": "Backpacks: draw, or pass (context: the ship that came home).",
    # Kickstarter 2
    "ar_glasses_play": "AR Glasses: play a hand card as an action alone, or stop.",
    "railguns_give": "Railguns: give credits, a completed contract or goods (context: the owner).",
    "railguns_good": "Railguns: which good to give (context: the owner).",
    "nanobots_load": "Nanobots: a free Load, or pass.",
    "oat_milk_take": "Oat Milk: take credits, draw, or pass (context: the loading player).",
    # Tokyo
    "spacecraft_place": "Spacecraft: which Tokyo Port card to place as a free contract, and where.",
    "squid_jerky_take": "Squid Jerky: which card of its Port column joins the completed contracts.",
    "playstations_load": "PlayStations: an extra load from the hand after a Load, or pass.",
    # base-set powers that change an action
    "jasmine_tea_place": "Jasmine Tea: place one more contract, or stop (IE-FLAGP-12).",
    "machine_arms_load": "Machine Arms: load one more hand card, or stop (IE-POWER-41).",
    "smart_cars_use": "Smart Cars: this Load as usual, or a hand card to the island for credits.",
    "cell_phones_use": "Cell Phones: load from the hand, or draw the deck's top card.",
    "cell_phones_load": "Cell Phones: where the drawn card is loaded (context: the card).",
    "dark_flight_source": "Dark Flight: the import round on a ship, or on the island.",
    "dark_flight_bid": "Dark Flight: a bid for the island's cards (context: the leader).",
    "stem_cells_use": "Stem Cells: the plundered card to the goods, or pass (context: card).",
    "prefab_home_complete": "Prefab Home: complete the ship now, or wait (context: the ship).",
    "hentai_manga_place": "Hentai Manga: the completed contract to fulfilled, crew or goods "
    "(context: the contract).",
}
"""The card powers' own questions, by the card that asks (powers/*.py, and the rules
where a power changes an action)."""

DECISIONS: dict[str, str] = {**TURN, **POWERS}
"""Every decision kind of Import/Export and what it asks."""
