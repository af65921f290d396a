// Import/Export's native core, the basics every other header shares: the colours and actions
// as simulator/games/import_export/cards.py numbers them, fixed-capacity vectors (so a state
// is a plain value that copies cheaply), and the error a rule or a power raises.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

namespace deckhand::ie {

// cards.py: COLORS (and ANY, PAIRED).
constexpr int GREEN = 0;
constexpr int YELLOW = 1;
constexpr int BLACK = 2;
constexpr int BLUE = 3;
constexpr int RED = 4;
constexpr int GREY = 5;
constexpr int ANY = 6;     // a rainbow cargo slot (any colour)
constexpr int PAIRED = 7;  // a container riding with the one before it (Robo-Cats, J)
constexpr int kColors = 8;
constexpr std::array<int, 5> GOOD_COLORS = {GREEN, YELLOW, BLACK, BLUE, RED};

// cards.py: ACTIONS.
constexpr int SUPPLY = 0;
constexpr int IMPORT = 1;
constexpr int CONTRACT = 2;
constexpr int LOAD = 3;
constexpr int PIRATE = 4;
constexpr int BARTER = 5;

// Capacities of the fixed-size zones. A table needing more is refused when it is read
// (ie_table.cpp), never overflowed.
constexpr int kMaxPlayers = 6;       // rule_book.MAX_PLAYERS
constexpr int kMaxCards = 256;       // card ids in one game: every set (170) and the container tokens (36)
constexpr int kMaxShips = 2 * kMaxPlayers + 20;  // + Diesel Engine's single-use ships (Capital)
constexpr int kMaxShipContracts = 48;  // Legos: no limit on its ship (IE-FLAGP-21)
constexpr int kMaxShipCargo = 48;

using Card = std::int16_t;      // a physical card: an index into the table's card arrays
using ContractId = std::int16_t;  // a sheet id (the `id` column): what datasets report

// The error of a native rule or power: a bug, a table the core cannot play, or a card
// without a native power. Python sees it as RuntimeError with this text.
struct NativeError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A vector of at most N items held inline. A copy copies its items only, not the room
// after them (a state copied for every search iteration is mostly room). Python's list
// operations keep their names: remove() takes the first equal item (a missing one is a
// bug, as Python's ValueError), pop_at() an index.
template <typename T, int N>
class SmallVec {
  public:
    using value_type = T;

    SmallVec() = default;
    SmallVec(const SmallVec& other) : size_(other.size_) { copy_items(other); }
    SmallVec& operator=(const SmallVec& other) {
        if (this != &other) {
            size_ = other.size_;
            copy_items(other);
        }
        return *this;
    }

    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    static constexpr int capacity() { return N; }
    void clear() { size_ = 0; }

    T& operator[](int i) { return items_[static_cast<std::size_t>(i)]; }
    const T& operator[](int i) const { return items_[static_cast<std::size_t>(i)]; }
    T& back() { return items_[static_cast<std::size_t>(size_ - 1)]; }
    const T& back() const { return items_[static_cast<std::size_t>(size_ - 1)]; }
    T* begin() { return items_.data(); }
    T* end() { return items_.data() + size_; }
    const T* begin() const { return items_.data(); }
    const T* end() const { return items_.data() + size_; }

    void push_back(T value) {
        if (size_ >= N) overflow();
        items_[static_cast<std::size_t>(size_++)] = value;
    }
    T pop_back() { return items_[static_cast<std::size_t>(--size_)]; }
    T pop_at(int i) {
        T value = (*this)[i];
        for (int k = i; k + 1 < size_; ++k) (*this)[k] = (*this)[k + 1];
        --size_;
        return value;
    }
    void insert(int i, T value) {
        if (size_ >= N) overflow();
        for (int k = size_; k > i; --k) (*this)[k] = (*this)[k - 1];
        (*this)[i] = value;
        ++size_;
    }
    int index_of(T value) const {
        for (int k = 0; k < size_; ++k)
            if ((*this)[k] == value) return k;
        return -1;
    }
    bool contains(T value) const { return index_of(value) >= 0; }
    int count(T value) const {
        int n = 0;
        for (int k = 0; k < size_; ++k) n += (*this)[k] == value;
        return n;
    }
    void remove(T value) {
        const int k = index_of(value);
        if (k < 0) throw NativeError("remove: an item that is not in the list (a rule bug)");
        pop_at(k);
    }
    template <typename Other>
    void extend(const Other& other) {
        for (const auto& v : other) push_back(static_cast<T>(v));
    }

  private:
    void copy_items(const SmallVec& other) {
        std::copy(other.items_.begin(), other.items_.begin() + size_, items_.begin());
    }
    [[noreturn]] static void overflow() {
        throw NativeError("a zone of the native state is full (capacity " + std::to_string(N) +
                          "): the table is larger than the native core holds");
    }

    std::array<T, N> items_{};
    int size_ = 0;
};

using Zone = SmallVec<Card, kMaxCards>;

// Seats clockwise from `first`, `first` included (state.clockwise).
inline SmallVec<std::int8_t, kMaxPlayers> clockwise(int first, int n) {
    SmallVec<std::int8_t, kMaxPlayers> seats;
    for (int i = 0; i < n; ++i) seats.push_back(static_cast<std::int8_t>((first + i) % n));
    return seats;
}

// A cargo or level requirement, or a ship's summed needs: (colour, count) pairs in the
// order their colours were first added. The order is a rule: Python's dicts keep it, and a
// wild container fills the first of the largest needs in that order (cargo._match).
struct Needs {
    std::array<std::int8_t, kColors> color{};
    std::array<std::int16_t, kColors> count{};
    int n = 0;

    int find(int c) const {
        for (int k = 0; k < n; ++k)
            if (color[static_cast<std::size_t>(k)] == c) return k;
        return -1;
    }
    int get(int c) const {
        const int k = find(c);
        return k < 0 ? 0 : count[static_cast<std::size_t>(k)];
    }
    void add(int c, int k) {
        int at = find(c);
        if (at < 0) {
            at = n++;
            color[static_cast<std::size_t>(at)] = static_cast<std::int8_t>(c);
            count[static_cast<std::size_t>(at)] = 0;
        }
        count[static_cast<std::size_t>(at)] = static_cast<std::int16_t>(count[static_cast<std::size_t>(at)] + k);
    }
    void add_all(const Needs& other) {
        for (int k = 0; k < other.n; ++k)
            add(other.color[static_cast<std::size_t>(k)], other.count[static_cast<std::size_t>(k)]);
    }
    bool any_positive() const {
        for (int k = 0; k < n; ++k)
            if (count[static_cast<std::size_t>(k)] > 0) return true;
        return false;
    }
    int total() const {
        int t = 0;
        for (int k = 0; k < n; ++k) t += count[static_cast<std::size_t>(k)];
        return t;
    }
};

}  // namespace deckhand::ie
